#!/usr/bin/python3
"""The web page in a real browser: headless Chromium, driven by chromedriver
through Selenium (Debian's chromium, chromium-driver and python3-selenium).

  check.py PAGE_DIR ROLLPLAN ARTIFACTS   the checks; a screenshot of each state in ARTIFACTS
  check.py --screenshot PNG PAGE_DIR     the README's picture of the page

PAGE_DIR is what scripts/web.sh built (build/web), opened from disk (file://);
ROLLPLAN is the rollplan command, whose output the page's numbers must equal.
Exits 1 on the first failed check, naming it.
"""
import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

STANDARD_DICE = ["coin", "d4", "d6", "d8", "d10", "d12", "d20", "d100"]


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    # No sandbox as root; no network (this machine has none to reach).
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--window-size={width},{height}",
                 "--user-data-dir=" + tempfile.mkdtemp(prefix="rollplan-chromium-")]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def open_page(driver, page_dir, query=""):
    driver.get("file://" + os.path.abspath(os.path.join(page_dir, "index.html")) + query)
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes")


class Check:
    def __init__(self, driver, artifacts):
        self.driver, self.artifacts, self.count = driver, artifacts, 0

    def __call__(self, ok, what):
        self.count += 1
        if not ok:
            self.shot("failed")
            print(f"web: FAILED: {what}")
            sys.exit(1)

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(self.artifacts, name + ".png"))


def by_id(driver, element_id):
    return driver.find_element(By.ID, element_id)


def shown(driver, element_id):
    return by_id(driver, element_id).is_displayed()


def fill(driver, target="", table="", dice="d6", strategy="", count="1"):
    """Sets the form as a person would leave it: the standard dice ticked, the
    rest typed under Other dice."""
    wanted = [d.strip() for d in dice.split(",") if d.strip()]
    for box in by_id(driver, "dice").find_elements(By.TAG_NAME, "input"):
        if box.is_selected() != (box.get_attribute("value") in wanted):
            box.click()
    other = by_id(driver, "other-dice")
    other.clear()
    other.send_keys(", ".join(d for d in wanted if d not in STANDARD_DICE))
    by_id(driver, "kind-table" if table else "kind-number").click()
    field = by_id(driver, "table" if table else "target")
    field.clear()
    field.send_keys(table.replace(",", "\n") if table else target)
    driver.execute_script("document.getElementById('strategy').value = arguments[0];", strategy)
    by_id(driver, "count").clear()
    by_id(driver, "count").send_keys(count)
    by_id(driver, "plan-it").click()


def page_plan(driver):
    """The plan's lines as the page shows them, in the command's words."""
    steps = []
    for element in by_id(driver, "steps").find_elements(By.XPATH, "./*"):
        if element.tag_name == "ol":
            steps += [f"{item.get_attribute('value')}. {item.text}" for item in element.find_elements(By.TAG_NAME, "li")]
        else:
            steps.append(element.text)
    tails = [item.text for item in by_id(driver, "tails").find_elements(By.TAG_NAME, "li")]
    rows = [[cell.text for cell in row.find_elements(By.XPATH, "./*")]
            for row in by_id(driver, "compare").find_elements(By.TAG_NAME, "tr")]
    return {"title": by_id(driver, "plan-title").text, "steps": steps, "expected": by_id(driver, "expected").text,
            "tails": tails, "enough": by_id(driver, "enough").text, "offer": by_id(driver, "offer").text,
            "plan": by_id(driver, "plan-name").text, "compare": rows}


def command_plan(rollplan, target, table, dice, strategy):
    """The same lines from the rollplan command's output."""
    what = ["--weights", table] if table else [target]
    chosen = ["--strategy", strategy] if strategy else []  # "": the page's usual choice, the command's default
    out = subprocess.run([rollplan, *what, "--with", dice, *chosen], capture_output=True, text=True, check=True).stdout
    lines = out.split("\n")
    compare = subprocess.run([rollplan, *what, "--with", dice, "--compare"], capture_output=True, text=True, check=True).stdout
    rows = [re.split(r"\s{2,}", line) for line in compare.split("\n")[2:] if line]
    body = lines[2:lines.index("", 2)]
    return {"title": lines[0].rstrip(":"), "steps": body, "expected": next(l for l in lines if l.startswith("Expected rolls:")),
            "tails": [l for l in lines if l.startswith("Chance of needing")],
            "enough": next(l for l in lines if l.startswith("99% of the time")),
            "offer": next((l for l in lines if l.startswith("Fewer rolls:")), ""),
            "plan": next(l for l in lines if l.startswith("The plan (strategy")), "compare": rows}


def face_buttons(driver):
    return {b.get_attribute("data-face"): b for b in by_id(driver, "face-buttons").find_elements(By.TAG_NAME, "button")}


def click_faces(driver, faces):
    for face in faces:
        face_buttons(driver)[face].click()


def results(driver):
    return [item.text for item in by_id(driver, "results").find_elements(By.TAG_NAME, "li")]


def severe_logs(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def checks(page_dir, rollplan, artifacts):
    os.makedirs(artifacts, exist_ok=True)
    driver = browser(1000, 1600)
    check = Check(driver, artifacts)
    try:
        open_page(driver, page_dir)

        # Every field is labelled for a screen reader: a <label for> or a label around it.
        unlabelled = driver.execute_script("""
            return Array.from(document.querySelectorAll('input, select, textarea')).filter(function (e) {
                return !(e.id && document.querySelector('label[for="' + e.id + '"]')) && !e.closest('label');
            }).map(function (e) { return e.outerHTML; });""")
        check(unlabelled == [], f"fields without a label: {unlabelled}")

        # d29 from a d6, as typed.
        fill(driver, target="d29", dice="d6")
        check(shown(driver, "plan") and not shown(driver, "message"), "d29 with a d6 shows a plan and no message")
        check("3178974/1399685" in by_id(driver, "expected").text,
              f"d29 with a d6 expects 3178974/1399685 rolls, the page says {by_id(driver, 'expected').text!r}")
        bars = by_id(driver, "chart").find_elements(By.CSS_SELECTOR, "rect.bar")
        check(len(bars) >= 4, f"the tail chart has a bar for k = 1 to 4 at least ({len(bars)})")
        check.shot("d29_d6")

        # An interactive sitting, a mistaken face taken back. Worked out from
        # the steps by hand (A, B after each roll): 6 -> A 5, B 6; 6 -> A 35,
        # B 36 >= 29, C = 29, A >= C: A 6, B 7; 2 -> A 37, B 42, C = 29, A >= C:
        # A 8, B 13; 4 -> A 51, B 78, C = 58, A < C: D = 51 mod 29 = 22, the number 23.
        by_id(driver, "start").click()
        check(by_id(driver, "prompt").text.startswith("Roll the d6"), f"the sitting asks for the d6: {by_id(driver, 'prompt').text!r}")
        check(sorted(face_buttons(driver)) == sorted(str(f) for f in range(1, 7)), "one button per face of the d6")
        check(not shown(driver, "carried"), "nothing is carried before the first roll")
        click_faces(driver, ["6"])
        check(by_id(driver, "carried").text == "Carried so far, as in the steps: A = 5 and B = 6.",
              f"A and B after a 6: {by_id(driver, 'carried').text!r}")
        click_faces(driver, ["6", "5"])
        check(by_id(driver, "faces-so-far").text == "Faces so far: 6, 6, 5", "the faces so far are shown")
        # 5 -> A 6·6 + 4 = 40, B 42, C = 29, A >= C: A 11, B 13
        check(by_id(driver, "carried").text == "Carried so far, as in the steps: A = 11 and B = 13.",
              f"A and B after 6, 6, 5: {by_id(driver, 'carried').text!r}")
        by_id(driver, "undo").click()
        check(by_id(driver, "faces-so-far").text == "Faces so far: 6, 6", "the last face is taken back")
        check(by_id(driver, "carried").text == "Carried so far, as in the steps: A = 6 and B = 7.",
              f"A and B after 6, 6: {by_id(driver, 'carried').text!r}")
        click_faces(driver, ["2"])
        check(by_id(driver, "carried").text == "Carried so far, as in the steps: A = 8 and B = 13.",
              f"A and B after 6, 6, 2: {by_id(driver, 'carried').text!r}")
        click_faces(driver, ["4"])
        check(results(driver) == ["Your number is 23."], f"faces 6, 6, 2, 4 give 23: {results(driver)}")
        check(by_id(driver, "prompt").text == "Done." and face_buttons(driver) == {} and not shown(driver, "typed-face")
              and not shown(driver, "carried"), "the sitting is over: no face asked for, nothing carried")
        check.shot("sitting_d29")

        # By keyboard alone: the typed face and Enter (3 -> A 2, B 6; 5 -> A 16, B 36, C = 29: D = 16, the number 17).
        by_id(driver, "again").click()
        for face in ["3", "5"]:
            by_id(driver, "typed-face").send_keys(face + Keys.ENTER)
        check(results(driver) == ["Your number is 17."], f"faces 3, 5 typed give 17: {results(driver)}")

        # Several results in one sitting, from the pool: as the command reads the same faces.
        faces = ["1", "2", "3", "4", "5", "6", "6", "5", "4", "3", "2", "1", "2", "2", "5"]
        fill(driver, target="d29", dice="d6", count="3")
        by_id(driver, "start").click()
        given = []
        for face in faces:
            if not face_buttons(driver):
                break
            click_faces(driver, [face])
            given.append(face)
        expected = subprocess.run([rollplan, "d29", "--with", "d6", "--interactive", "--count", "3"], input="\n".join(given) + "\n",
                                  capture_output=True, text=True).stdout
        wanted = [line for line in expected.split("\n") if re.match(r"\(\d+ of 3\)", line)]
        check(len(wanted) == 3 and results(driver) == wanted, f"three numbers from the pool: page {results(driver)}, command {wanted}")
        cost = next(l for l in expected.split("\n") if l.startswith("That took"))
        check(by_id(driver, "sitting-cost").text == cost, f"the sitting's cost: {by_id(driver, 'sitting-cost').text!r} vs {cost!r}")
        check.shot("sitting_pool")

        # Bad input: one clear message next to the field that caused it, which takes the focus; the plan
        # shown stays as it was, marked as not the form's; and the page still works after.
        for name, request, message, field in [
                ("bad_d1", dict(target="d1", dice="d6"), "The target 'd1': a die has at least 2 faces, so there is something to choose",
                 "target"),
                ("bad_empty_set", dict(target="d29", dice=""), "Tick the dice you hold, or type them, like d6 or d6, d10", "other-dice"),
                ("bad_other_die", dict(target="d29", dice="d6, d1"), "The dice held: 'd1': a die has at least 2 faces, so there is something to choose",
                 "other-dice"),
                ("bad_table", dict(table="goblin=3,orc=x", dice="d20"),
                 "The table: 'x' is not a weight (a whole number, like 3)", "table"),
                ("bad_count", dict(target="d29", dice="d6", count="0"), "How many numbers: '0' is not a whole number from 1 to 1000000",
                 "count")]:
            title = by_id(driver, "plan-title").text
            fill(driver, **request)
            check(shown(driver, "message") and by_id(driver, "message").text == message,
                  f"{name}: the message {by_id(driver, 'message').text!r}, not {message!r}")
            check(driver.switch_to.active_element.get_attribute("id") == field,
                  f"{name}: the focus is on {driver.switch_to.active_element.get_attribute('id')!r}, not {field!r}")
            check(by_id(driver, field).get_attribute("aria-invalid") == "true", f"{name}: {field} is marked invalid")
            near = driver.execute_script("""
                var message = document.getElementById('message'), field = document.getElementById(arguments[0]);
                return message.previousElementSibling === (field.closest('.field') || field);""", field)
            check(near, f"{name}: the message is right after its field")
            check(by_id(driver, "plan-title").text == title and shown(driver, "stale"),
                  f"{name}: the plan shown stays ({by_id(driver, 'plan-title').text!r}), marked as not the form's")
            check.shot(name)
        fill(driver, target="d29", dice="d6")
        by_id(driver, "start").click()
        by_id(driver, "typed-face").send_keys("7" + Keys.ENTER)
        check(by_id(driver, "message").text == "'7' is not a face of a d6 (1 to 6)", f"a face outside the die: {by_id(driver, 'message').text!r}")
        check(by_id(driver, "faces-so-far").text == "No faces yet." and by_id(driver, "prompt").text.startswith("Roll the d6"),
              "the sitting waits for the same roll")
        check.shot("bad_face")
        click_faces(driver, ["3", "5"])
        check(results(driver) == ["Your number is 17."] and not shown(driver, "message"), "after a bad face the sitting goes on")
        check(severe_logs(driver) == [], f"no errors in the browser's console: {severe_logs(driver)}")

        # A coin from a d6 (its steps: faces 2, 4, 6 give the number 2,
        # tails), a d10's typed 0 (its face 10), a coin's Heads and Tails.
        fill(driver, target="coin", dice="d6")
        by_id(driver, "start").click()
        click_faces(driver, ["4"])
        check(results(driver) == ["Your toss is tails."], f"heads or tails from a d6's 4: {results(driver)}")
        fill(driver, target="d10", dice="d10")
        by_id(driver, "start").click()
        by_id(driver, "typed-face").send_keys("0" + Keys.ENTER)
        check(results(driver) == ["Your number is 10."], f"a d10's 0 is 10: {results(driver)}")
        # Percentile dice as players read them: the tens die's 00 and the units die's 5 are 5 (not 95).
        fill(driver, target="d%", dice="d10")
        by_id(driver, "start").click()
        labels = [b.text for b in face_buttons(driver).values()]
        check(labels == ["00", "10", "20", "30", "40", "50", "60", "70", "80", "90"], f"the tens die's buttons: {labels}")
        check(by_id(driver, "prompt").text.startswith("Roll the tens die"), f"the tens die first: {by_id(driver, 'prompt').text!r}")
        face_buttons(driver)["1"].click()
        labels = [b.text for b in face_buttons(driver).values()]
        check(labels == [str(u) for u in range(10)], f"the units die's buttons: {labels}")
        by_id(driver, "typed-face").send_keys("5" + Keys.ENTER)
        check(results(driver) == ["Your number is 5."] and by_id(driver, "faces-so-far").text == "Faces so far: 00, 5",
              f"00 and 5 are 5: {results(driver)}, {by_id(driver, 'faces-so-far').text!r}")
        fill(driver, target="d3", dice="coin")
        by_id(driver, "start").click()
        check(sorted(face_buttons(driver)) == ["1", "2"] and face_buttons(driver)["1"].text == "Heads", "a coin has Heads and Tails")
        # Three d10s for 1 to 1000, read as players read them: hundreds, tens, units; 1, 2, 3 is 123.
        fill(driver, target="d1000", dice="d10")
        by_id(driver, "start").click()
        for place, digit in [("hundreds", "1"), ("tens", "2"), ("units", "3")]:
            labels = [b.text for b in face_buttons(driver).values()]
            check(labels == [str(u) for u in range(10)], f"the {place} die's buttons: {labels}")
            check(by_id(driver, "prompt").text.startswith(f"Roll the {place} die"), f"the {place} die: {by_id(driver, 'prompt').text!r}")
            face_buttons(driver)[str(int(digit) + 1)].click()
        check(results(driver) == ["Your number is 123."], f"1, 2, 3 is 123: {results(driver)}")
        # A sum of dice held is rolled and added: 2d6+3 from faces 6 and 2 is 11, and the lookup is offered.
        fill(driver, target="2d6+3", dice="d6")
        check("Fewer rolls" in by_id(driver, "offer").text, f"2d6+3: the lookup offered: {by_id(driver, 'offer').text!r}")
        by_id(driver, "start").click()
        click_faces(driver, ["6", "2"])
        check(results(driver) == ["Your sum is 11."], f"2d6+3 from 6, 2: {results(driver)}")

        # The page's numbers are the command's, for a grid of targets and dice.
        cells = 0
        for target, table in [("d29", ""), ("coin", ""), ("d%", ""), ("10-50", ""), ("2d6", ""), ("3d6-2", ""), ("d7", ""),
                              ("d1000", ""), ("1d4+1", ""), ("", "goblin=3,orc=2,dragon=1"), ("", "goblin: 3, orc: 2, dragon: 1")]:
            for dice in ["d6", "d20", "d6, d10", "coin", "d4, d6, d8, d10, d12, d20", "d3, d7"]:
                for strategy in {"d29": ["", "digits"], "2d6": ["", "optimal"]}.get(target, [""]):
                    fill(driver, target=target, table=table, dice=dice, strategy=strategy)
                    check(not shown(driver, "message"), f"{target or table} with {dice}: {by_id(driver, 'message').text}")
                    page, command = page_plan(driver), command_plan(rollplan, target, table, dice, strategy)
                    for key in command:
                        check(page[key] == command[key], f"{target or table} with {dice}, {key}: page {page[key]!r}, command {command[key]!r}")
                    cells += 1
        print(f"web: the page's plans equal the command's for {cells} requests")

        # A phone's width: nothing wider than the screen but the comparison table, which scrolls in its box.
        driver.set_window_size(390, 844)
        fill(driver, target="d29", dice="d6")
        width = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth];")
        check(width[0] <= width[1], f"at a phone's width the page is {width[0]} px wide in a {width[1]} px window")
        check.shot("phone")
        # On a phone the sitting starts within the first two screens of the plan.
        by_id(driver, "start").click()
        gap = driver.execute_script("""return document.getElementById('sitting').getBoundingClientRect().top -
            document.getElementById('plan').getBoundingClientRect().top;""")
        check(gap < 2 * 844, f"on a phone the sitting starts {gap} px below the plan's top, past two screens")
        # Touch targets of at least 44 px: every button, field and box (with its label) shown.
        small = driver.execute_script("""
            var targets = Array.from(document.querySelectorAll('button, input[type=text], input[type=number], select, textarea'));
            Array.from(document.querySelectorAll('input[type=checkbox], input[type=radio]')).forEach(function (box) {
                targets.push(box.closest('label') || document.querySelector('label[for="' + box.id + '"]'));
            });
            return targets.filter(function (e) { return e.offsetParent !== null; }).map(function (e) {
                var r = e.getBoundingClientRect(); return [e.id || e.textContent.trim(), r.width, r.height];
            }).filter(function (t) { return t[1] < 44 || t[2] < 44; });""")
        check(small == [], f"touch targets under 44 px: {small}")
        check.shot("phone_sitting")
        page_items(driver, check, rollplan, page_dir)
        print(f"web: {check.count} checks passed in Chromium; screenshots in {artifacts}")
    finally:
        driver.quit()


AXE = os.environ.get("ROLLPLAN_AXE", "build/web-test/npm/node_modules/axe-core/axe.min.js")


def accessible(driver, check, state):
    """axe-core's rules on the page as it is: no serious or critical violation."""
    if not driver.execute_script("return typeof axe !== 'undefined';"):
        with open(AXE) as source:  # axe-core from npm (scripts/test.sh installs it), no download here
            driver.execute_script(source.read())
    found = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document).then(function (r) {
            done(r.violations.filter(function (v) { return v.impact === 'serious' || v.impact === 'critical'; })
                .map(function (v) { return v.id + ': ' + v.nodes.map(function (n) { return n.target.join(' '); }).join('; '); }));
        });""")
    check(found == [], f"axe-core, {state}: {found}")


def page_items(driver, check, rollplan, page_dir):
    """What a person at the table expects of the page (issue 35): each checked as they would use it."""
    driver.set_window_size(1000, 1600)
    # The address follows the plan shown, and opening it shows that plan again.
    fill(driver, target="2d6+3", dice="d6")
    check(driver.current_url.endswith("index.html?target=2d6%2B3&with=d6"), f"the address: {driver.current_url}")
    by_id(driver, "copy-link").click()
    WebDriverWait(driver, 5).until(lambda d: by_id(d, "copied").get_attribute("data-copied"))
    check(by_id(driver, "copied").get_attribute("data-copied") == driver.current_url, "Copy link copies the address")
    link, title = driver.current_url, by_id(driver, "plan-title").text
    driver.get(link)
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes")
    check(by_id(driver, "plan-title").text == title, f"the link shows the plan again: {by_id(driver, 'plan-title').text!r}")
    accessible(driver, check, "a plan")

    # The chance of each result, exact: 2d6+3 has 11 sums (ways 1, 2, …, 6, …, 1 of 36), a d29 one row.
    rows = [[c.text for c in r.find_elements(By.TAG_NAME, "td")] for r in by_id(driver, "chances").find_elements(By.TAG_NAME, "tr")][1:]
    ways = [min(s - 1, 13 - s) for s in range(2, 13)]
    wanted = [[str(s + 3), str(Fraction(w, 36)), f"{100 * w / 36:.2f}%"] for s, w in zip(range(2, 13), ways)]
    check(rows == wanted, f"the chances of 2d6+3: {rows}")
    check(len(by_id(driver, "chance-chart").find_elements(By.CSS_SELECTOR, "rect.bar")) == 11, "a bar for each sum")
    fill(driver, table="goblin: 3, orc: 2, dragon: 1", dice="d20")
    rows = [[c.text for c in r.find_elements(By.TAG_NAME, "td")] for r in by_id(driver, "chances").find_elements(By.TAG_NAME, "tr")][1:]
    check(rows == [["goblin", "1/2", "50.00%"], ["orc", "1/3", "33.33%"], ["dragon", "1/6", "16.67%"]], f"the goblin table's chances: {rows}")
    fill(driver, target="d29", dice="d6")
    rows = [[c.text for c in r.find_elements(By.TAG_NAME, "td")] for r in by_id(driver, "chances").find_elements(By.TAG_NAME, "tr")][1:]
    check(rows == [["each of 1 to 29", "1/29", "3.45%"]] and not shown(driver, "chance-chart"), f"d29's chances: {rows}")

    # The sitting is the plan shown: the form edited is marked, Start again still rolls the d29,
    # and Plan it in the middle of a sitting asks first.
    by_id(driver, "start").click()
    click_faces(driver, ["6"])
    by_id(driver, "target").clear()
    by_id(driver, "target").send_keys("d7")
    check(shown(driver, "stale"), "the form edited after the plan: the plan is marked as not the form's")
    by_id(driver, "again").click()
    check(by_id(driver, "sitting-what").text == "A number from 1 to 29 with a d6.", f"Start again rolls the plan shown: "
          f"{by_id(driver, 'sitting-what').text!r}")
    click_faces(driver, ["6"])
    by_id(driver, "plan-it").click()
    alert = WebDriverWait(driver, 5).until(lambda d: d.switch_to.alert)
    check("sitting is under way" in alert.text, f"Plan it mid-sitting asks: {alert.text!r}")
    alert.dismiss()
    check(by_id(driver, "plan-title").text.startswith("A number from 1 to 29") and shown(driver, "sitting")
          and by_id(driver, "faces-so-far").text == "Faces so far: 6", "dismissed: the plan and the sitting stay")
    by_id(driver, "plan-it").click()
    WebDriverWait(driver, 5).until(lambda d: d.switch_to.alert).accept()
    check(by_id(driver, "plan-title").text.startswith("A number from 1 to 7") and not shown(driver, "sitting"),
          "accepted: the new plan, the sitting ended")

    # Face buttons keep the focus: Enter on the focused 3 leaves the focus on the next roll's 3.
    fill(driver, target="d29", dice="d6")
    by_id(driver, "start").click()
    face_buttons(driver)["3"].send_keys(Keys.ENTER)
    check(driver.switch_to.active_element.get_attribute("data-face") == "3",
          f"after a face, the focus is on {driver.switch_to.active_element.get_attribute('outerHTML')!r}")
    face_buttons(driver)["5"].click()
    check(results(driver) == ["Your number is 17."], f"3, 5 give 17: {results(driver)}")
    # A typed face that is none is said next to the field, which keeps the focus.
    by_id(driver, "again").click()
    by_id(driver, "typed-face").send_keys("9" + Keys.ENTER)
    check(driver.switch_to.active_element.get_attribute("id") == "typed-face" and by_id(driver, "message").text.startswith("'9'"),
          "a bad face: the message, and the focus on the field")
    accessible(driver, check, "a sitting with a message")
    by_id(driver, "typed-face").clear()

    # Roll for me: virtual faces, each shown, read as the command reads them.
    by_id(driver, "roll-for-me").click()
    so_far = by_id(driver, "faces-so-far").text
    check(so_far.startswith("Faces so far: ") and "(rolled for you)" in so_far, f"the virtual faces are shown: {so_far!r}")
    rolled = [f.replace(" (rolled for you)", "") for f in so_far.removeprefix("Faces so far: ").split(", ")]
    expected = subprocess.run([rollplan, "d29", "--with", "d6", "--interactive"], input="\n".join(rolled) + "\n",
                              capture_output=True, text=True).stdout.strip().split("\n")[-1]
    check(results(driver) == [expected], f"rolled for me, {rolled}: page {results(driver)}, command {expected!r}")
    # Copy result, and the history of this visit's results (the sittings done since the page opened).
    by_id(driver, "copy-result").click()
    WebDriverWait(driver, 5).until(lambda d: "Your number is" in (by_id(d, "copied").get_attribute("data-copied") or ""))
    check(by_id(driver, "copied").get_attribute("data-copied") == "A number from 1 to 29 with a d6: " + expected,
          f"Copy result: {by_id(driver, 'copied').get_attribute('data-copied')!r}")
    history = [item.text for item in by_id(driver, "history").find_elements(By.TAG_NAME, "li")]
    check(history[-2:] == ["A number from 1 to 29 with a d6: Your number is 17.", "A number from 1 to 29 with a d6: " + expected],
          f"this visit's results: {history}")

    # A die of 21 to 100 faces gets a pad of tens and units, not 100 buttons: 4 then 2 is 42, 0 then 0 is 100.
    for tens, units, face in [("4", "2", "42"), ("0", "0", "100")]:
        fill(driver, target="d99", dice="d100")
        by_id(driver, "start").click()
        buttons = by_id(driver, "face-buttons").find_elements(By.TAG_NAME, "button")
        check(len(buttons) == 20, f"the d100's pad has {len(buttons)} buttons")
        by_id(driver, "face-buttons").find_element(By.CSS_SELECTOR, f"[data-tens='{tens}']").click()
        by_id(driver, "face-buttons").find_element(By.CSS_SELECTOR, f"[data-units='{units}']").click()
        check(by_id(driver, "faces-so-far").text == f"Faces so far: {face}", f"the pad's {tens}, {units}: {by_id(driver, 'faces-so-far').text!r}")
        expected = subprocess.run([rollplan, "d99", "--with", "d100", "--interactive"], input=face + "\n",
                                  capture_output=True, text=True).stdout.strip().split("\n")[-1]
        if results(driver):
            check(results(driver) == [expected], f"face {face} of a d100: page {results(driver)}, command {expected!r}")
    check.shot("pad")
    by_id(driver, "again").click()  # the d100's 100 is rolled again: no sitting under way for the next plan
    # A face past the die on the pad (90 and 9 on a d30) is refused, and the tens chosen is dropped: 5 alone is 5.
    fill(driver, target="d29", dice="d30")
    by_id(driver, "start").click()
    by_id(driver, "face-buttons").find_element(By.CSS_SELECTOR, "[data-tens='9']").click()
    by_id(driver, "face-buttons").find_element(By.CSS_SELECTOR, "[data-units='9']").click()
    check(by_id(driver, "message").text.startswith("'99' is not a face"), f"99 on a d30: {by_id(driver, 'message').text!r}")
    pressed = [b.get_attribute("data-tens") for b in by_id(driver, "face-buttons").find_elements(By.CSS_SELECTOR, "[aria-pressed='true']")]
    check(pressed == [], f"after a refused face no tens is pressed: {pressed}")
    by_id(driver, "face-buttons").find_element(By.CSS_SELECTOR, "[data-units='5']").click()
    check(by_id(driver, "faces-so-far").text == "Faces so far: 5" and results(driver) == ["Your number is 5."],
          f"then 5 alone: {by_id(driver, 'faces-so-far').text!r}, {results(driver)}")
    # A table typed with a comma at a line's end reads as the command reads it.
    fill(driver, table="goblin: 1", dice="d20")
    driver.execute_script("document.getElementById('table').value = arguments[0];", "goblin: 3,\norc: 2,\n\ndragon: 1")
    by_id(driver, "plan-it").click()
    check(not shown(driver, "message") and by_id(driver, "plan-title").text == "Goblin, orc, dragon with weights 3, 2, 1 with a d20",
          f"a table with commas at its lines' ends: {by_id(driver, 'message').text!r}, {by_id(driver, 'plan-title').text!r}")
    driver.get(driver.current_url)  # its address, opened again, is the same table
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes")
    check(by_id(driver, "plan-title").text == "Goblin, orc, dragon with weights 3, 2, 1 with a d20",
          f"the table's address opened again: {driver.current_url}, {by_id(driver, 'plan-title').text!r}")

    # Dark mode: the page follows prefers-color-scheme, and still passes axe-core's contrast rules.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    fill(driver, target="d29", dice="d6")
    by_id(driver, "start").click()
    paper = driver.execute_script("return getComputedStyle(document.body).backgroundColor;")
    channels = [int(c) for c in re.findall(r"\d+", paper)[:3]]
    check(sum(channels) < 3 * 64, f"in dark mode the page's background is {paper}")
    check.shot("dark")
    accessible(driver, check, "dark mode")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})


def screenshot(png, page_dir):
    """The page as the README shows it: the d29 plan from a d6, its chart and
    comparison, and a sitting two faces in."""
    driver = browser(900, 1900)
    try:
        open_page(driver, page_dir, "?target=d29&with=d6")
        by_id(driver, "start").click()
        click_faces(driver, ["6", "6"])
        driver.execute_script("document.getElementById('plan').scrollIntoView();")
        driver.save_screenshot(png)
        print(f"web: wrote {png}")
    finally:
        driver.quit()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--screenshot":
        screenshot(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4:
        checks(sys.argv[1], sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
