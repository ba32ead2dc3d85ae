"""Tiny DDPM on 16x16 weather-radar patches trained with the epsilon-prediction objective, sampled with
classifier guidance: the classifier's input gradient steers each reverse step (read-only, no graph)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

T = 50
betas = torch.linspace(1e-4, 0.02, T)
alphas_bar = torch.cumprod(1 - betas, 0)


class EpsNet(nn.Module):
    def __init__(self, c=32):
        super().__init__()
        self.inp = nn.Conv2d(1, c, 3, padding=1)
        self.temb = nn.Linear(1, c)
        self.down = nn.Sequential(nn.GroupNorm(8, c), nn.SiLU(), nn.AvgPool2d(2), nn.Conv2d(c, c, 3, padding=1))
        self.up = nn.Sequential(nn.Upsample(scale_factor=2, mode="nearest"), nn.GroupNorm(8, c), nn.SiLU())
        self.out = nn.Conv2d(c, 1, 3, padding=1)

    def forward(self, x, t):
        h = self.inp(x) + self.temb(t.float().view(-1, 1) / T)[:, :, None, None]
        return self.out(self.up(self.down(h)) + h)


class NoisyClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.GroupNorm(4, 16), nn.SiLU(),
                                 nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 3))

    def forward(self, x):
        return F.log_softmax(self.net(x), dim=-1)


eps_model, clf = EpsNet(), NoisyClassifier()
opt = torch.optim.Adam(list(eps_model.parameters()) + list(clf.parameters()), lr=2e-4)
for step in range(3):
    x0, y = torch.rand(8, 1, 16, 16) * 2 - 1, torch.randint(0, 3, (8,))
    t = torch.randint(0, T, (8,))
    noise = torch.randn_like(x0)
    ab = alphas_bar[t].view(-1, 1, 1, 1)
    xt = ab.sqrt() * x0 + (1 - ab).sqrt() * noise
    loss = F.mse_loss(eps_model(xt, t), noise) + F.nll_loss(clf(xt), y)
    opt.zero_grad()
    loss.backward()
    opt.step()


@torch.no_grad()
def sample(label=1, scale=2.0):
    x = torch.randn(2, 1, 16, 16)
    for i in reversed(range(T)):
        t = torch.full((2,), i)
        with torch.enable_grad():
            xg = x.detach().requires_grad_(True)
            logp = clf(xg)[:, label].sum()
            g, = torch.autograd.grad(logp, xg)
        eps = eps_model(x, t) - scale * (1 - alphas_bar[i]).sqrt() * g
        x = (x - betas[i] / (1 - alphas_bar[i]).sqrt() * eps) / (1 - betas[i]).sqrt()
        if i > 0:
            x = x + betas[i].sqrt() * torch.randn_like(x)
    return x


print(sample().shape, loss.item())
