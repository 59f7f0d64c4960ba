""" "Your move" e-mails, through the SMTP server the settings name."""

from __future__ import annotations

import logging
import smtplib
from email.message import EmailMessage

from .config import Settings

log = logging.getLogger("tabulae.server")


def your_move(settings: Settings, to: str, username: str, game: str, table_id: str) -> bool:
    """Tell `username` it is their move at a table; False (and logged) if the mail cannot go."""
    if not settings.smtp_host:
        return False
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    message["Subject"] = f"Your move in {game} (table {table_id})"
    link = f"{settings.public_url.rstrip('/')}/table.html?id={table_id}"
    message.set_content(
        f"Hello {username},\n\nit is your move in {game} at table {table_id}.\n\n{link}\n"
    )
    try:
        with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=10) as smtp:
            smtp.send_message(message)
    except (OSError, smtplib.SMTPException) as error:
        log.warning("the reminder for table %s could not be sent: %s", table_id, error)
        return False
    return True
