"""Headless Chromium through selenium for the browser tests (html_test.py,
scorer_test.py): Debian's chromium, chromium-driver and python3-selenium,
installed by scripts/deps.  Without them the test is skipped (exit 77, the
reason printed), never passed."""
import shutil
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By  # noqa: F401 (for the tests)
    from selenium.webdriver.common.keys import Keys  # noqa: F401 (for the tests)
except ImportError:
    print("SKIPPED: python3-selenium is not installed (scripts/deps installs it)")
    sys.exit(77)


def chromium():
    """A headless Chromium, or exit 77 when it is not installed."""
    browser, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if browser is None or driver_path is None:
        print("SKIPPED: chromium or chromedriver is not installed (scripts/deps installs them)")
        sys.exit(77)
    opts = Options()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
              "--disable-dev-shm-usage"]:
        opts.add_argument(a)
    opts.binary_location = browser
    return webdriver.Chrome(service=Service(driver_path), options=opts)
