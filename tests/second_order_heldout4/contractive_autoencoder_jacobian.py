"""Contractive auto-encoder (Rifai et al., 2011): reconstruction + Frobenius norm of the encoder Jacobian,
computed with torch.autograd.functional.jacobian(create_graph=True)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import jacobian


class CAE(nn.Module):
    def __init__(self, d_in=784, d_hid=64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(d_in, 256), nn.ReLU6(), nn.Linear(256, d_hid), nn.Sigmoid())
        self.decoder = nn.Sequential(nn.Linear(d_hid, 256), nn.ELU(), nn.Linear(256, d_in))

    def forward(self, x):
        h = self.encoder(x)
        return h, self.decoder(h)

    def contraction(self, x):
        jac = jacobian(lambda inp: self.encoder(inp).sum(0), x, create_graph=True)
        return jac.pow(2).sum() / x.size(0)


def train(loader, epochs=30, lam=1e-3):
    model = CAE()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, _ in loader:
            x = x.flatten(1)
            _, logits = model(x)
            recon = F.binary_cross_entropy_with_logits(logits, x, reduction="sum") / x.size(0)
            loss = recon + lam * model.contraction(x)
            opt.zero_grad()
            loss.backward()
            opt.step()
