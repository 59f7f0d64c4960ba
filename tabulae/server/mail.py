""" "Your move" e-mails in the recipient's language, through the SMTP server the settings name,
and the e-mail with the link that confirms an address before any reminder goes to it.

A move's first reminder says that it is the player's move; a later one says how much of the
move's time is left before a bot moves for them. No e-mail prints a username: a player chose
it, and it could read as a link or an instruction ("Visit evil.example now").
"""

from __future__ import annotations

import logging
import smtplib
from email.message import EmailMessage

from tabulae.core import Game
from tabulae.i18n import LANGUAGES, translator
from tabulae.i18n.terms import name as term_name

from .config import Settings

log = logging.getLogger("tabulae.server")


def your_move(
    settings: Settings,
    to: str,
    language: str | None,
    game: Game,
    table_id: str,
    left: float | None = None,
) -> bool:
    """Tell the owner of the address `to` it is their move at a table (with `left` seconds to
    go, for a later reminder); False (and logged) if the mail cannot go."""
    if not settings.smtp_host:
        return False
    lang = language if language in LANGUAGES else "en"
    _ = translator(lang)._
    name = term_name(translator(lang), game, game.id) or game.name
    link = f"{settings.public_url.rstrip('/')}/table.html?id={table_id}"
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    if left is None:
        message["Subject"] = _("Your move in {game} (table {table})", game=name, table=table_id)
        said = _("It is your move in {game} at table {table}.", game=name, table=table_id)
    else:
        message["Subject"] = _(
            "Your move in {game}: {time} left (table {table})",
            game=name,
            time=duration(lang, left),
            table=table_id,
        )
        said = _(
            "It is still your move in {game} at table {table}. If you do not move within "
            "{time}, a bot moves for you.",
            game=name,
            time=duration(lang, left),
            table=table_id,
        )
    message.set_content(f"{_('Hello,')}\n\n{said}\n\n{link}\n")
    return send(settings, message, f"the reminder for table {table_id}")


def confirm_address(settings: Settings, to: str, language: str | None, token: str) -> bool:
    """Send `to` the link that confirms it as an account's address; False (and logged) if the
    mail cannot go."""
    if not settings.smtp_host:
        return False
    lang = language if language in LANGUAGES else "en"
    _ = translator(lang)._
    link = f"{settings.public_url.rstrip('/')}/confirm.html?token={token}"
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    message["Subject"] = _("Confirm your e-mail address for Tabulae")
    said = _(
        'This address was given for "your move" reminders from Tabulae. Open the link to '
        "confirm it; until then no reminder comes here. The link works for {time}.",
        time=duration(lang, settings.email_link_hours * 3600),
    )
    ignore = _("If you did not ask for this, ignore this e-mail: no reminder will come.")
    message.set_content(f"{_('Hello,')}\n\n{said}\n\n{link}\n\n{ignore}\n")
    return send(settings, message, "the confirmation e-mail")


def send(settings: Settings, message: EmailMessage, what: str) -> bool:
    try:
        with smtplib.SMTP(settings.smtp_host or "", settings.smtp_port, timeout=10) as smtp:
            smtp.send_message(message)
    except (OSError, smtplib.SMTPException) as error:
        log.warning("%s could not be sent: %s", what, error)
        return False
    return True


def duration(lang: str, seconds: float) -> str:
    """A time left as a person says it: in days, hours, minutes or seconds, rounded down."""
    _ = translator(lang)._
    whole = max(0, int(seconds))
    if whole >= 2 * 86400:
        return _("{n:# day|# days}", n=whole // 86400)
    if whole >= 2 * 3600:
        return _("{n:# hour|# hours}", n=whole // 3600)
    if whole >= 120:
        return _("{n:# minute|# minutes}", n=whole // 60)
    return _("{n:# second|# seconds}", n=whole)
