import torch.nn as nn


class CycleEncoder(nn.Module):
    def __init__(self, n_feat, hidden):
        super().__init__()
        self.inp = nn.Linear(n_feat, hidden)
        self.gate = nn.PReLU(hidden)
        self.mix = nn.Linear(hidden, hidden)
        self.act = nn.Hardswish()

    def forward(self, x):
        return self.act(self.mix(self.gate(self.inp(x))))


class CapacityRegressor(nn.Module):
    def __init__(self, n_feat=10, hidden=24):
        super().__init__()
        self.encoder = CycleEncoder(n_feat, hidden)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.encoder(x)).squeeze(-1)


class LinearBaseline(nn.Module):
    def __init__(self, n_feat=10, hidden=None):
        super().__init__()
        self.lin = nn.Linear(n_feat, 1)

    def forward(self, x):
        return self.lin(x).squeeze(-1)


MODELS = {"capnet": CapacityRegressor, "linear": LinearBaseline}


def build(name, **kw):
    return MODELS[name](**kw)
