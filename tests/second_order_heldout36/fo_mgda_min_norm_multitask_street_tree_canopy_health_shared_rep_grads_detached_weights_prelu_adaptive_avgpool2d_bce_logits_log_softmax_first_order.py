"""Street-tree canopy survey: one encoder, two heads (health class, needs-pruning flag), balanced with
MGDA-UB (Sener & Koltun 2018): per-task gradients w.r.t. the shared representation, closed-form min-norm
weight for two tasks, then an ordinary backward of the weighted loss. The task weights are plain numbers.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CanopyEncoder(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.PReLU(width),
            nn.Conv2d(width, width, 3, padding=1), nn.PReLU(width),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )

    def forward(self, x):
        return self.body(x)


class Heads(nn.Module):
    def __init__(self, width=8, n_health=3):
        super().__init__()
        self.health = nn.Linear(width, n_health)
        self.prune = nn.Linear(width, 1)

    def forward(self, z):
        return F.log_softmax(self.health(z), dim=1), self.prune(z).squeeze(-1)


def min_norm_two(g1, g2):
    diff = g1 - g2
    alpha = ((g2 - g1) * g2).sum() / (diff * diff).sum().clamp_min(1e-12)
    return float(alpha.clamp(0.0, 1.0))


def canopy_batch(n):
    health = torch.randint(0, 3, (n,))
    prune = (torch.rand(n) > 0.6).float()
    x = 0.2 * torch.rand(n, 3, 12, 12)
    x[:, 1] += 0.2 * (2 - health)[:, None, None].float()
    x[:, 0, :3] += 0.3 * prune[:, None, None]
    return x, health, prune


def main(steps=3):
    torch.manual_seed(21)
    enc, heads = CanopyEncoder(), Heads()
    opt = torch.optim.Adam(list(enc.parameters()) + list(heads.parameters()), lr=1e-3)
    for step in range(steps):
        x, health, prune = canopy_batch(16)
        z = enc(x)
        z_det = z.detach().requires_grad_(True)
        logp, prune_logit = heads(z_det)
        l1 = F.nll_loss(logp, health)
        l2 = F.binary_cross_entropy_with_logits(prune_logit, prune)
        g1 = torch.autograd.grad(l1, z_det, retain_graph=True)[0]
        g2 = torch.autograd.grad(l2, z_det)[0]
        a = min_norm_two(g1.flatten(), g2.flatten())
        logp, prune_logit = heads(z)
        loss = a * F.nll_loss(logp, health) + (1 - a) * F.binary_cross_entropy_with_logits(prune_logit, prune)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: alpha={a:.3f} loss={loss.item():.3f}")


if __name__ == "__main__":
    main()
