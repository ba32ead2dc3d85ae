# Invariant Risk Minimisation (IRMv1, Arjovsky et al. 2019) for queenless-colony detection from
# hive acoustics.  Each apiary is an environment with its own background (traffic, rain on the
# roof, a nearby generator); the IRMv1 penalty is the squared gradient of the per-environment
# risk with respect to a dummy classifier scale fixed at 1.0.
import torch
import torch.nn as nn
import torch.nn.functional as F

APIARIES = ["orchard", "roadside", "moorland"]
N_BANDS, N_FRAMES = 8, 40
HPARAMS = {"lr": 1e-3, "l2": 1e-4, "penalty_weight": 100.0, "anneal_iters": 2, "steps": 4}


class HiveAcousticsNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.conv1 = nn.Conv1d(N_BANDS, ch, 5, padding=2)
        self.conv2 = nn.Conv1d(ch, ch, 5, padding=2)
        self.act = nn.CELU(alpha=0.5)
        self.out = nn.Linear(ch, 1)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        h = F.adaptive_max_pool1d(h, 1).squeeze(-1)
        return self.out(h).squeeze(-1)


def apiary_environment(site, n):
    queenless = (torch.rand(n) < 0.5).float()
    t = torch.arange(N_FRAMES).float()
    bands = torch.arange(N_BANDS).float().view(1, N_BANDS, 1)
    hum = torch.exp(-((bands - 2.0) ** 2)) * (1 + 0.1 * torch.sin(0.3 * t))
    piping = queenless.view(n, 1, 1) * torch.exp(-((bands - 5.0) ** 2) / 0.5) * (torch.sin(0.9 * t) > 0.6).float()
    noise_band = {"orchard": 1.0, "roadside": 0.0, "moorland": 7.0}[site]
    spurious = queenless.view(n, 1, 1) if site == "roadside" else torch.ones(n, 1, 1)
    background = 0.6 * torch.exp(-((bands - noise_band) ** 2)) * spurious
    x = hum + 0.8 * piping + background + 0.2 * torch.randn(n, N_BANDS, N_FRAMES)
    return x, queenless


def irm_penalty(logits, y):
    scale = torch.tensor(1.0, requires_grad=True)
    loss = F.binary_cross_entropy_with_logits(logits * scale, y)
    grad_scale, = torch.autograd.grad(loss, [scale], create_graph=True)
    return grad_scale.pow(2).sum()


def train(hp=HPARAMS):
    torch.manual_seed(0)
    model = HiveAcousticsNet()
    erm_loss = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=hp["lr"])
    for step in range(hp["steps"]):
        risks, penalties = [], []
        for site in APIARIES:
            x, y = apiary_environment(site, 16)
            logits = model(x)
            risks.append(erm_loss(logits, y))
            penalties.append(irm_penalty(logits, y))
        risk, penalty = torch.stack(risks).mean(), torch.stack(penalties).mean()
        weight = hp["penalty_weight"] if step >= hp["anneal_iters"] else 1.0
        l2 = sum(p.pow(2).sum() for p in model.parameters())
        loss = risk + hp["l2"] * l2 + weight * penalty
        if weight > 1.0:
            loss = loss / weight
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: risk {risk.item():.3f} irm penalty {penalty.item():.5f}")


if __name__ == "__main__":
    train()
