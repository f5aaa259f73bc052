"""Checks of the project: the firmware check (`make check`) and mutation testing."""
