"""SIREN fitted to an audio clip with derivative supervision (Sitzmann et al. 2020, sec. 'Poisson'):
the network is trained to match the signal's time derivative, so the loss holds d/dt of the
network output and the parameter gradient is second order. Sine activations only."""
import math
import torch
from torch import nn


class SineLayer(nn.Module):
    def __init__(self, in_f, out_f, omega_0=30.0, is_first=False):
        super().__init__()
        self.omega_0 = omega_0
        self.linear = nn.Linear(in_f, out_f)
        with torch.no_grad():
            bound = 1 / in_f if is_first else math.sqrt(6 / in_f) / omega_0
            self.linear.weight.uniform_(-bound, bound)

    def forward(self, x):
        return torch.sin(self.omega_0 * self.linear(x))


class Siren(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(SineLayer(1, hidden, is_first=True), SineLayer(hidden, hidden),
                                 nn.Linear(hidden, 1))

    def forward(self, coords):
        coords = coords.clone().detach().requires_grad_(True)
        return self.net(coords), coords


def gradient(y, x):
    return torch.autograd.grad(y, [x], grad_outputs=torch.ones_like(y), create_graph=True)[0]


t = torch.linspace(-1, 1, 256).unsqueeze(-1)
wave = torch.sin(40 * t) * torch.exp(-3 * t ** 2)
dwave = torch.gradient(wave.squeeze(-1), spacing=(t.squeeze(-1),))[0].unsqueeze(-1)

model = Siren()
optim = torch.optim.Adam(model.parameters(), lr=1e-4)
for step in range(3):
    out, coords = model(t)
    loss = ((gradient(out, coords) - dwave) ** 2).mean()
    optim.zero_grad()
    loss.backward()
    optim.step()
    print(step, loss.item())
