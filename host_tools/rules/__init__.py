"""The rules on the PC: score a round file, judge a Corsica tap trace."""
