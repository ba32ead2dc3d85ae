"""Fit the EGNN force field on MD frames; the model is held in a DDP-style wrapper."""
import torch
import torch.nn as nn

from losses import EnergyForceLoss
from models import EGNNEnergy


class Replicated(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args):
        return self.module(*args)


def run(loader, epochs=100, lr=5e-4):
    model = Replicated(EGNNEnergy())
    criterion = EnergyForceLoss()
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-5)
    for epoch in range(epochs):
        model.train()
        for batch in loader:
            loss = criterion(model.module, batch, training=True)
            opt.zero_grad()
            loss.backward()
            opt.step()
    model.eval()
    return model


if __name__ == "__main__":
    B, N = 2, 5
    z = torch.randint(0, 10, (B, N))
    batch = (z, torch.randn(B, N, 3), torch.ones(B, N), torch.randn(B), torch.randn(B, N, 3),
             torch.where(torch.rand(B, N) < 0.3, z, torch.full_like(z, -1)))
    run([batch], epochs=1)
