import pytest
from playwright.sync_api import expect


@pytest.mark.django_db(transaction=True)
def test_visitor_switches_to_english_and_logs_in(phone, live_server, django_user_model):
    django_user_model.objects.create_user(username="carla", password="a-long-enough-password-1")

    phone.goto(live_server.url)
    expect(phone.locator("html")).to_have_attribute("lang", "it")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Punteggi per i circoli di ramino")

    phone.get_by_role("button", name="English").click()
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Score keeping for rummy clubs")

    phone.get_by_role("main").get_by_role("link", name="Log in").click()
    phone.get_by_label("Username").fill("carla")
    phone.get_by_label("Password").fill("a-long-enough-password-1")
    phone.get_by_role("main").get_by_role("button", name="Log in").click()

    expect(phone.get_by_text("Welcome back, carla.")).to_be_visible()
    expect(phone.get_by_role("button", name="Log out")).to_be_visible()
