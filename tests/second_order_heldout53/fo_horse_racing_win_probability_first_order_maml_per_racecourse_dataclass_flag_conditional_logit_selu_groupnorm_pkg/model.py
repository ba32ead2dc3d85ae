"""Runner scorer and the conditional-logit (Plackett-Luce top-1) race likelihood."""
import torch.nn as nn
import torch.nn.functional as F

LAYER_BUILDERS = {
    "linear": lambda d, arg: (nn.Linear(d, arg), arg),
    "gn": lambda d, arg: (nn.GroupNorm(arg, d), d),
    "selu": lambda d, arg: (nn.SELU(), d),
    "hardswish": lambda d, arg: (nn.Hardswish(), d),
}


def build_scorer(n_in, spec):
    mods, d = [], n_in
    for kind, arg in spec:
        mod, d = LAYER_BUILDERS[kind](d, arg)
        mods.append(mod)
    return nn.Sequential(*mods)


def race_log_likelihood(scores, winner):
    """scores: (races, runners); winner: (races,) index of the winning runner."""
    logp = F.log_softmax(scores, dim=-1)
    return logp.gather(1, winner.unsqueeze(1)).mean()
