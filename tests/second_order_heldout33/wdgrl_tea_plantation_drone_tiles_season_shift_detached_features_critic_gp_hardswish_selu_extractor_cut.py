"""Wasserstein-distance-guided representation learning (WDGRL) for tea-plantation drone tiles: adapt a
leaf-health classifier from the spring flight (labelled) to the autumn flight (unlabelled)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Extractor(nn.Module):
    def __init__(self, feat=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1),
            nn.SELU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1),
            nn.SELU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Linear(32, feat),
        )

    def forward(self, x):
        return self.net(x)


class DomainCritic(nn.Module):
    def __init__(self, feat=32, hidden=24):
        super().__init__()
        self.l1 = nn.Linear(feat, hidden)
        self.a1 = nn.Hardswish()
        self.l2 = nn.Linear(hidden, 1)

    def forward(self, h):
        return self.l2(self.a1(self.l1(h)))


def critic_gradient_penalty(critic, h_s, h_t):
    alpha = torch.rand(h_s.size(0), 1)
    h_hat = (alpha * h_s + (1 - alpha) * h_t).requires_grad_()
    out = critic(h_hat)
    g = torch.autograd.grad(out, h_hat, torch.ones_like(out), create_graph=True)[0]
    return ((g.norm(dim=1) - 1) ** 2).mean()


def main():
    torch.manual_seed(0)
    extractor, critic, head = Extractor(), DomainCritic(), nn.Linear(32, 3)
    opt_main = torch.optim.Adam(list(extractor.parameters()) + list(head.parameters()), lr=1e-3)
    opt_critic = torch.optim.Adam(critic.parameters(), lr=1e-3)
    for it in range(3):
        xs, ys = torch.rand(8, 3, 16, 16), torch.randint(0, 3, (8,))
        xt = torch.rand(8, 3, 16, 16) * 0.8 + 0.1
        for _ in range(2):
            with torch.no_grad():
                hs, ht = extractor(xs), extractor(xt)
            wd = critic(hs).mean() - critic(ht).mean()
            c_loss = -wd + 10.0 * critic_gradient_penalty(critic, hs, ht)
            opt_critic.zero_grad()
            c_loss.backward()
            opt_critic.step()
        hs, ht = extractor(xs), extractor(xt)
        wd = critic(hs).mean() - critic(ht).mean()
        loss = F.cross_entropy(head(hs), ys) + 0.1 * wd
        opt_main.zero_grad()
        loss.backward()
        opt_main.step()
        print(f"it {it} loss {loss.item():.4f} wd {wd.item():.4f}")


if __name__ == "__main__":
    main()
