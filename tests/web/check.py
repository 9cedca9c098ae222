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
        click_faces(driver, ["6", "6", "5"])
        check(by_id(driver, "faces-so-far").text == "Faces so far: 6, 6, 5", "the faces so far are shown")
        by_id(driver, "undo").click()
        check(by_id(driver, "faces-so-far").text == "Faces so far: 6, 6", "the last face is taken back")
        click_faces(driver, ["2", "4"])
        check(results(driver) == ["Your number is 23."], f"faces 6, 6, 2, 4 give 23: {results(driver)}")
        check(by_id(driver, "prompt").text == "Done." and face_buttons(driver) == {} and not shown(driver, "typed-face"),
              "the sitting is over: no face asked for")
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

        # Bad input: one clear message, the plan hidden, and the page still works after.
        for name, request, message in [
                ("bad_d1", dict(target="d1", dice="d6"), "The target 'd1': a die has at least 2 faces, so there is something to choose"),
                ("bad_empty_set", dict(target="d29", dice=""), "Tick the dice you hold, or type them, like d6 or d6, d10"),
                ("bad_other_die", dict(target="d29", dice="d6, d1"), "The dice held: 'd1': a die has at least 2 faces, so there is something to choose"),
                ("bad_table", dict(table="goblin=3,orc=x", dice="d20"),
                 "The table: 'x' is not a weight (a whole number, like 3)")]:
            fill(driver, **request)
            check(shown(driver, "message") and by_id(driver, "message").text == message,
                  f"{name}: the message {by_id(driver, 'message').text!r}, not {message!r}")
            check(not shown(driver, "plan") and not shown(driver, "sitting"), f"{name}: only the message is shown")
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

        # A coin from a d6 (its steps: faces 2, 4, 6 give A = 1, the number 2,
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
        driver.set_window_size(390, 1400)
        fill(driver, target="d29", dice="d6")
        width = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth];")
        check(width[0] <= width[1], f"at a phone's width the page is {width[0]} px wide in a {width[1]} px window")
        check.shot("phone")
        print(f"web: {check.count} checks passed in Chromium; screenshots in {artifacts}")
    finally:
        driver.quit()


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
