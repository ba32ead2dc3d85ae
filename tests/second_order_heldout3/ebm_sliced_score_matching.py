"""Energy-based model of 1-D signals trained with sliced score matching: the score is -dE/dx with create_graph, then a second projected derivative."""
import torch
import torch.nn as nn


class EnergyNet(nn.Module):
    def __init__(self, length=64, ch=32):
        super().__init__()
        self.conv1 = nn.Conv1d(1, ch, 5, padding=2)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(ch, ch, 5, padding=2)
        self.act = nn.SiLU()
        self.head = nn.Linear(ch * (length // 2), 1)

    def forward(self, x):
        h = self.act(self.conv1(x.unsqueeze(1)))
        h = self.act(self.conv2(self.pool(h)))
        return self.head(h.flatten(1)).squeeze(-1)


def sliced_score_matching(energy, x, n_particles=1):
    x = x.requires_grad_(True)
    loss = 0.0
    for _ in range(n_particles):
        v = torch.randn_like(x)
        score = -torch.autograd.grad(energy(x).sum(), x, create_graph=True)[0]
        sv = (score * v).sum()
        grad_sv = torch.autograd.grad(sv, x, create_graph=True)[0]
        loss = loss + ((grad_sv * v).sum(-1) + 0.5 * (score * v).sum(-1) ** 2).mean()
    return loss / n_particles


def train(loader, epochs=10):
    energy = EnergyNet()
    opt = torch.optim.Adam(energy.parameters(), lr=1e-4)
    for _ in range(epochs):
        for x in loader:
            loss = sliced_score_matching(energy, x)
            opt.zero_grad()
            loss.backward()
            opt.step()
