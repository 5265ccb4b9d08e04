"""The browser face: static ES modules, SVG and CSS in ``static/``, served at ``/`` by the service.

Everything a person sees comes from the service's API (seat views, legal
actions, previews, rules help); nothing here imports a game.
"""
