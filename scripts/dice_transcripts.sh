#!/bin/bash
# dice_transcripts.sh ROLLPLAN: docs/dice.md's transcripts of the rollplan
# command, as <!-- table:NAME --> blocks for scripts/splice_tables.py.
set -euo pipefail
rollplan=$1
block() {  # block NAME SHOWN-COMMAND: the command's output as a block
    local name=$1 shown=$2
    echo "<!-- table:$name -->"
    echo '```'
    echo "\$ $shown"
    cat
    echo '```'
    echo "<!-- /table:$name -->"
}
"$rollplan" d29 --with d6 | block dice_d29 "rollplan d29 --with d6"
"$rollplan" d7 --with d8 | block dice_d7 "rollplan d7 --with d8"
"$rollplan" d7 --with d20 | block dice_d7_d20 "rollplan d7 --with d20"
"$rollplan" d30 --with d6,d10 | block dice_d30 "rollplan d30 --with d6,d10"
"$rollplan" d29 --with d6,d10 | block dice_d29_set "rollplan d29 --with d6,d10"
"$rollplan" d29 --with d6 --compare --count 10 | block dice_compare "rollplan d29 --with d6 --compare --count 10"
printf '6\n6\n1\n1\n' | "$rollplan" d29 --with d6 --interactive |
    block dice_interactive "printf '6\\n6\\n1\\n1\\n' | rollplan d29 --with d6 --interactive"
printf '10\n5\n7\n2\n' | "$rollplan" d29 --with d6,d10 --interactive |
    block dice_interactive_set "printf '10\\n5\\n7\\n2\\n' | rollplan d29 --with d6,d10 --interactive"
"$rollplan" --weights goblin=3,orc=2,dragon=1 --with d20 |
    block dice_weights "rollplan --weights goblin=3,orc=2,dragon=1 --with d20"
"$rollplan" 2d6 --with d6 | block dice_sum "rollplan 2d6 --with d6"
printf '6\n2\n' | "$rollplan" 2d6 --with d6 --interactive |
    block dice_sum_interactive "printf '6\\n2\\n' | rollplan 2d6 --with d6 --interactive"
"$rollplan" 10-50 --with "d6, d10" | block dice_range "rollplan 10-50 --with \"d6, d10\""
printf '6\n6\n1\n1\n3\n5\n' | "$rollplan" d29 --with d6 --interactive --count 2 |
    block dice_sitting "printf '6\\n6\\n1\\n1\\n3\\n5\\n' | rollplan d29 --with d6 --interactive --count 2"
printf '00\n5\n' | "$rollplan" d% --with d10 --interactive |
    block dice_percentile "printf '00\\n5\\n' | rollplan d% --with d10 --interactive"
"$rollplan" 2d6 --with d20 | block dice_sum_lookup "rollplan 2d6 --with d20"
printf '1\n2\n3\n' | "$rollplan" d1000 --with 3d10 --interactive |
    block dice_thousand "printf '1\\n2\\n3\\n' | rollplan d1000 --with 3d10 --interactive"
# bad input: one line on stderr and exit status 2, each shown as a person sees it
{
    echo "<!-- table:dice_bad -->"
    echo '```'
    bad() {  # bad SHOWN ARGS...
        echo "\$ $1"
        shift
        if "$rollplan" "$@" 2>&1; then exit 1; fi
    }
    bad "rollplan 2d6+ --with d6" 2d6+ --with d6
    bad "rollplan d29 --with \"d6 d10\"" d29 --with "d6 d10"
    bad "rollplan --weights \"goblin: 3,, orc: 2\" --with d20" --weights "goblin: 3,, orc: 2" --with d20
    bad "rollplan d99999999999999999999 --with d6" d99999999999999999999 --with d6
    echo '```'
    echo "<!-- /table:dice_bad -->"
}
