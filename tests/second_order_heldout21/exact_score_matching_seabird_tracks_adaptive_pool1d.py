"""Exact (Hyvarinen 2005) score matching of an energy model over seabird GPS track snippets.

J(theta) = E[ 0.5 * ||grad_x E||^2 - tr(Hess_x E) ]; the trace is taken dimension by dimension.
"""
import torch
import torch.nn as nn

T_STEPS = 8


class TrackEnergy(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.conv = nn.Conv1d(2, c, kernel_size=3, padding=1)
        self.act = nn.SiLU()
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.head = nn.Linear(c, 1)

    def forward(self, x):  # x: (B, 2*T) flattened lon/lat offsets
        h = self.act(self.conv(x.view(-1, 2, T_STEPS)))
        return self.head(self.pool(h).squeeze(-1)).squeeze(-1)


def score_matching_loss(energy, x):
    x = x.requires_grad_(True)
    e = energy(x).sum()
    score = torch.autograd.grad(e, x, create_graph=True)[0]
    trace = torch.zeros(x.size(0))
    for d in range(x.size(1)):
        trace = trace + torch.autograd.grad(score[:, d].sum(), x, create_graph=True)[0][:, d]
    return (0.5 * score.pow(2).sum(1) - trace).mean()


energy = TrackEnergy()
optim = torch.optim.Adam(energy.parameters(), lr=1e-3)
for step in range(2):
    batch = torch.randn(6, 2 * T_STEPS) * 0.1
    loss = score_matching_loss(energy, batch)
    optim.zero_grad()
    loss.backward()
    optim.step()
    print(step, float(loss))
