"""Alert mails when a pump station's level stays high."""

import smtplib
from email.message import EmailMessage


def send(to, station, level_m, threshold_m):
    """Mail the on-call address that a well is above its threshold (level in m, 0.01 m steps)."""
    msg = EmailMessage()
    msg["To"] = to
    msg["Subject"] = f"[pumpwatch] {station}: level {level_m:.2f} m > {threshold_m:.2f} m"
    msg.set_content(f"The wet well at {station} is above its alarm threshold.\n")
    with smtplib.SMTP("localhost") as s:
        s.send_message(msg)
# vim: set ft=python ts=4 sw=4 et:
