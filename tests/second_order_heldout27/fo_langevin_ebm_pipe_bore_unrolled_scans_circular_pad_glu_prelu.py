"""Short-run Langevin EBM (Nijkamp et al.) for unrolled inner-bore scans of sewer pipes.

The scan is unrolled around the pipe circumference, so the angular axis is periodic and the
energy network pads it circularly. Sampling uses plain first-order input gradients on detached
samples; the contrastive-divergence loss treats the samples as constants.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

STEPS, STEP_SIZE, NOISE = 8, 1.0, 0.01


class BoreEnergy(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 2 * ch, 3)
        self.glu = nn.GLU(dim=1)
        self.conv2 = nn.Conv2d(ch, ch, 3)
        self.act = nn.PReLU(ch)
        self.fc = nn.Linear(ch, 1)

    def forward(self, x):
        x = F.pad(x, (1, 1, 0, 0), mode="circular")
        h = self.glu(self.conv1(F.pad(x, (0, 0, 1, 1))))
        h = F.max_pool2d(h, 2)
        h = F.pad(h, (1, 1, 0, 0), mode="circular")
        h = self.act(self.conv2(F.pad(h, (0, 0, 1, 1))))
        return self.fc(h.mean(dim=(2, 3))).squeeze(-1)


def bore_scans(n, axial=12, angular=16):
    theta = torch.linspace(0, 2 * torch.pi, angular)
    crack_at = torch.randint(0, angular, (n,))
    base = 0.5 + 0.1 * torch.cos(theta).expand(n, 1, axial, angular).clone()
    for i in range(n):
        base[i, 0, :, crack_at[i]] -= 0.4
    return base + 0.02 * torch.randn_like(base)


def langevin(energy, x):
    x = x.detach()
    for _ in range(STEPS):
        x.requires_grad_(True)
        g = torch.autograd.grad(energy(x).sum(), x)[0]
        x = (x - 0.5 * STEP_SIZE * g + NOISE * torch.randn_like(x)).detach()
    return x


def main(iters=3, batch=6):
    torch.manual_seed(14)
    energy = BoreEnergy()
    opt = torch.optim.Adam(energy.parameters(), lr=1e-4, betas=(0.5, 0.999))
    for it in range(iters):
        real = bore_scans(batch)
        init = torch.rand_like(real)
        fake = langevin(energy, init)
        loss = energy(real).mean() - energy(fake).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: cd loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
