# Force-matched neural potential for CO adsorbed on a Pt(111) slab (toy descriptors).
# Per-configuration forces are -dE/dr via torch.func.vmap(grad(...)); force loss trains the params.
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

ACTIVATIONS = {
    "ssp": partial(F.softplus, beta=2.0),
    "elu": partial(F.elu, alpha=0.7),
    "silu": F.silu,
}


class AtomicEnergy(nn.Module):
    def __init__(self, n_atoms=6, hidden=32, act="ssp"):
        super().__init__()
        self.l1 = nn.Linear(n_atoms * (n_atoms - 1) // 2, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.act = ACTIVATIONS[act]
        self.n = n_atoms

    def forward(self, pos):
        i, j = torch.triu_indices(self.n, self.n, 1)
        d = (pos[i] - pos[j]).norm(dim=-1)
        h = self.act(self.l1(torch.exp(-d)))
        h = self.act(self.l2(h))
        return self.out(h).squeeze()


model = AtomicEnergy(act="elu")
params = {k: v.detach().requires_grad_(True) for k, v in model.named_parameters()}
opt = torch.optim.Adam(params.values(), lr=1e-3)


def energy(p, pos):
    return functional_call(model, p, (pos,))


force_fn = vmap(grad(energy, argnums=1), in_dims=(None, 0))

for step in range(3):
    pos = torch.randn(8, 6, 3)
    f_ref = torch.randn(8, 6, 3) * 0.1
    e_ref = torch.randn(8)
    e_pred = vmap(energy, in_dims=(None, 0))(params, pos)
    f_pred = -force_fn(params, pos)
    loss = F.mse_loss(e_pred, e_ref) + 10.0 * F.mse_loss(f_pred, f_ref)
    opt.zero_grad()
    loss.backward()
    opt.step()
