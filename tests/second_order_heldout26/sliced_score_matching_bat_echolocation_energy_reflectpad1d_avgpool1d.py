# Sliced score matching (Song et al. 2019) for an energy-based model of bat echolocation call snippets.
import torch
import torch.nn as nn

SNIPPET = 32


def energy_net(width=8):
    return nn.Sequential(
        nn.ReflectionPad1d(2),
        nn.Conv1d(1, width, kernel_size=5),
        nn.CELU(),
        nn.AvgPool1d(2),
        nn.Conv1d(width, width, kernel_size=3, padding=1),
        nn.CELU(),
        nn.Flatten(),
        nn.Linear(width * SNIPPET // 2, 1),
    )


class EnergyModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = energy_net()

    def energy(self, x):
        return self.f(x).squeeze(-1)

    def score(self, x):
        e = self.energy(x).sum()
        return -torch.autograd.grad(e, x, create_graph=True)[0]


def sliced_score_matching_loss(model, x, n_proj=1):
    x = x.requires_grad_(True)
    v = torch.randn((n_proj,) + x.shape)
    s = model.score(x)
    loss = 0.0
    for vi in v:
        sv = (s * vi).sum()
        grad_sv = torch.autograd.grad(sv, x, create_graph=True)[0]
        loss = loss + (grad_sv * vi).flatten(1).sum(1) + 0.5 * (s * vi).flatten(1).sum(1) ** 2
    return (loss / n_proj).mean()


def chirp_batch(n):
    t = torch.linspace(0, 1, SNIPPET)
    f0 = 8 + 4 * torch.rand(n, 1)
    return (torch.sin(2 * 3.1416 * f0 * t * (1 - 0.4 * t)) * torch.exp(-3 * t)).unsqueeze(1)


model = EnergyModel()
optim = torch.optim.Adam(model.parameters(), lr=1e-3)
for it in range(3):
    batch = chirp_batch(8)
    loss = sliced_score_matching_loss(model, batch)
    optim.zero_grad()
    loss.backward()
    optim.step()
    print(it, loss.item())
