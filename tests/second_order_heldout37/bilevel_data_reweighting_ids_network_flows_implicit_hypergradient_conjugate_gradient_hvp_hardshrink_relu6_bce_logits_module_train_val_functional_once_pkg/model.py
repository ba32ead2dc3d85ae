import torch.nn as nn

import hparams


class FlowScorer(nn.Module):
    """Scores network flows as malicious (1) or benign (0) from summary statistics."""

    def __init__(self, n_in=hparams.N_FEATURES, hidden=hparams.HIDDEN):
        super().__init__()
        self.fc1 = nn.Linear(n_in, hidden)
        self.shrink = nn.Hardshrink(lambd=0.05)
        self.fc2 = nn.Linear(hidden, hidden)
        self.clip = nn.ReLU6()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.shrink(self.fc1(x))
        h = self.clip(self.fc2(h))
        return self.out(h).squeeze(-1)
