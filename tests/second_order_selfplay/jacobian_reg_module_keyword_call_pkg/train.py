"""Seed-coat variety classifier trained with cross-entropy plus a Jacobian penalty (robustness to micrograph
noise); the regulariser is called with keyword arguments."""
import torch
import torch.nn.functional as F

from models import SeedCoatNet
from reg import JacobianReg


def micrographs(n):
    y = torch.randint(0, 4, (n,))
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    ridges = torch.stack([torch.cos((k + 2) * 3.0 * (xx + 0.3 * yy)) for k in y.tolist()])
    return (ridges + 0.3 * torch.randn(n, 16, 16)).unsqueeze(1), y


def main():
    torch.manual_seed(0)
    net, jreg = SeedCoatNet(), JacobianReg(n_proj=2)
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    for step in range(3):
        x, y = micrographs(16)
        x.requires_grad_(True)
        logits = net(x)
        loss = F.cross_entropy(logits, y) + 0.01 * jreg(outputs=logits, inputs=x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
