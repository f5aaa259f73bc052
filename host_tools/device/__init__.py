"""Talking to a Pico over USB: deploy, doctor, clock, names and the serial port they share."""
