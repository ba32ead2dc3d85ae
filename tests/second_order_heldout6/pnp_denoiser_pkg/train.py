"""Train a firmly non-expansive DnCNN denoiser for PnP-ADMM."""
import torch
import torch.nn.functional as F

from models import DenoiserConfig, DnCNN
from regularizers import FirmNonExpansivePenalty


def train(loader, cfg, sigma=15 / 255, epochs=50, lr=1e-4):
    net = DnCNN(cfg)
    penalty = FirmNonExpansivePenalty(weight=1e-3)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    for epoch in range(epochs):
        for clean in loader:
            noisy = clean + sigma * torch.randn_like(clean)
            loss = F.mse_loss(net(noisy), clean) + penalty(net, clean, noisy)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return net


if __name__ == "__main__":
    cfg = DenoiserConfig(features=8, depth=4, act="hardshrink")
    train([torch.rand(2, 1, 16, 16)], cfg, epochs=1)
