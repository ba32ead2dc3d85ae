import torch.nn as nn


class AuctionPriceNet(nn.Module):
    """Lot features (bean grade, moisture, origin scores, ...) -> log price per tonne."""

    def __init__(self, n_features, hidden):
        super().__init__()
        self.inp = nn.Linear(n_features, hidden)
        self.act = nn.PReLU(hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.squash = nn.Softsign()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.act(self.inp(x))
        return self.out(self.squash(self.mid(h))).squeeze(-1)
