"""What every command shares: usage errors and Ctrl-C in one line, --help at 80 columns,
the options declared once, output sized for the terminal."""
