"""The report's layout: the sections a game gets (switched on by what it declares), blocks
written once to Markdown and HTML, the HTML kit, the plots, the shared prose.
"""
