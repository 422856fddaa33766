from strategies.luthier.user import strategy


@strategy("plain", "A plain Python function: refused, kernels cannot call it.")
def plain(params, cards, g, s, p, opts, n):
    return 0
