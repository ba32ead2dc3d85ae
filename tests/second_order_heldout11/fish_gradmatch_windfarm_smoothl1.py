"""Inter-domain gradient matching (IDGM / Fish-style objective, Shi et al. 2021) for wind-power forecasting
across wind farms: L = sum_d L_d - gamma * <g_A, g_B>, g_d = d L_d / d theta (taken with create_graph)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Forecaster(nn.Module):
    """Predicts next-hour power and the probability of a ramp event from 24 h of weather features."""

    def __init__(self, n_feat=6, hours=24, d=64):
        super().__init__()
        self.inp = nn.Linear(n_feat * hours, 2 * d)
        self.norm = nn.LayerNorm(d)
        self.mid = nn.Linear(d, d)
        self.power = nn.Linear(d, 1)
        self.ramp = nn.Linear(d, 1)

    def forward(self, x):
        h = F.glu(self.inp(x.flatten(1)), dim=-1)
        h = F.silu(self.mid(self.norm(h)))
        return self.power(h).squeeze(-1), self.ramp(h).squeeze(-1)


class GradMatchTrainer:
    def __init__(self, model, gamma=0.1, lr=1e-3):
        self.model = model
        self.gamma = gamma
        self.reg_loss = nn.SmoothL1Loss(beta=0.2)
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def domain_loss(self, batch):
        x, power, ramp = batch
        p_hat, r_logit = self.model(x)
        return self.reg_loss(p_hat, power) + 0.5 * F.binary_cross_entropy(torch.sigmoid(r_logit), ramp)

    def step(self, batch_a, batch_b):
        params = [p for p in self.model.parameters() if p.requires_grad]
        la, lb = self.domain_loss(batch_a), self.domain_loss(batch_b)
        ga = torch.autograd.grad(la, params, create_graph=True)
        gb = torch.autograd.grad(lb, params, create_graph=True)
        inner = sum((a * b).sum() for a, b in zip(ga, gb))
        total = la + lb - self.gamma * inner
        self.opt.zero_grad()
        total.backward()
        self.opt.step()
        return total.item()


def farm_batch(n=16, shift=0.0):
    x = torch.randn(n, 24, 6) + shift
    return x, torch.rand(n), (torch.rand(n) > 0.8).float()


if __name__ == "__main__":
    trainer = GradMatchTrainer(Forecaster())
    for it in range(2):
        print(it, trainer.step(farm_batch(), farm_batch(shift=0.5)))
