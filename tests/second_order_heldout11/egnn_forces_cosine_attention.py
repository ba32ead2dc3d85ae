# Invariant message passing potential (EGNN/SchNet-flavoured, cosine feature attention) trained on
# forces = -dE/dpos.
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedEdgeLayer(nn.Module):
    def __init__(self, h=32, n_rbf=16, cutoff=3.0):
        super().__init__()
        self.register_buffer("centers", torch.linspace(0.0, cutoff, n_rbf))
        self.register_buffer("bias_dir", torch.ones(h))
        self.filt = nn.Linear(n_rbf, h)
        self.q, self.k = nn.Linear(h, h), nn.Linear(h, h)
        self.upd = nn.Linear(2 * h, h)

    def forward(self, feats, pos, src, dst):
        rij = (pos[src] - pos[dst]).pow(2).sum(-1).add(1e-9).sqrt()
        rbf = torch.exp(-4.0 * (rij[:, None] - self.centers) ** 2)
        cos_att = (F.normalize(self.q(feats[dst]), dim=-1) * F.normalize(self.k(feats[src]), dim=-1)).sum(-1)
        gate = torch.sigmoid(self.filt(rbf)) * (1.0 + cos_att[:, None])
        static_bias = 0.01 * F.normalize(self.bias_dir, dim=0)
        msg = gate * feats[src] + static_bias
        agg = torch.zeros_like(feats).index_add_(0, dst, msg)
        return feats + torch.tanh(self.upd(torch.cat([feats, agg], -1)))


class Potential(nn.Module):
    def __init__(self, n_types=4, h=32, n_layers=2):
        super().__init__()
        self.embed = nn.Embedding(n_types, h)
        self.layers = nn.ModuleList(GatedEdgeLayer(h) for _ in range(n_layers))
        self.readout = nn.Sequential(nn.Linear(h, h), nn.SiLU(), nn.Linear(h, 1))

    def forward(self, z, pos, src, dst):
        f = self.embed(z)
        for layer in self.layers:
            f = layer(f, pos, src, dst)
        return self.readout(f).sum()


def full_graph(n):
    idx = torch.arange(n)
    src, dst = torch.meshgrid(idx, idx, indexing="ij")
    m = src != dst
    return src[m], dst[m]


def fit(epochs=2, n_atoms=6):
    pot = Potential()
    opt = torch.optim.AdamW(pot.parameters(), lr=1e-3)
    src, dst = full_graph(n_atoms)
    for ep in range(epochs):
        z = torch.randint(0, 4, (n_atoms,))
        pos = torch.randn(n_atoms, 3, requires_grad=True)
        e_ref, f_ref = torch.randn(()), torch.randn(n_atoms, 3)
        energy = pot(z, pos, src, dst)
        forces = -torch.autograd.grad(energy, pos, create_graph=True)[0]
        loss = (energy - e_ref) ** 2 + 10.0 * (forces - f_ref).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())


if __name__ == "__main__":
    fit()
