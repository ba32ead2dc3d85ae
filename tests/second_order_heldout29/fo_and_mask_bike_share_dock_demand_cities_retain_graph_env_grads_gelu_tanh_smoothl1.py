# Learning explanations that are hard to vary (AND-mask, Parascandolo et al. 2021) for
# hourly dock demand at bike-share stations in several cities.  Each city is an environment;
# per-city gradients are taken from one shared forward pass (retain_graph=True) and only the
# gradient components whose sign agrees across cities are kept.
import torch
import torch.nn as nn

CITIES = ["harbour_city", "hill_town", "river_delta"]
N_FEAT = 10
CFG = {"agreement_threshold": 0.67, "lr": 5e-3, "steps": 3, "batch_per_city": 24}


class DemandNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEAT, hidden), nn.GELU(approximate="tanh"),
            nn.Linear(hidden, hidden), nn.GELU(approximate="tanh"),
        )
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.body(x)).squeeze(-1)


def city_batch(city, n):
    x = torch.randn(n, N_FEAT)
    hour, temp, rain, weekday = x[:, 0], x[:, 1], x[:, 2], x[:, 3]
    demand = 2.0 + 0.8 * torch.sin(hour * 1.5) + 0.5 * temp - 0.7 * torch.relu(rain) + 0.3 * weekday
    spurious = {"harbour_city": 0.8, "hill_town": -0.8, "river_delta": 0.0}[city] * x[:, 4]
    return x, demand + spurious + 0.1 * torch.randn(n)


def and_mask_step(model, loss_fn, batches, optimizer, tau):
    params = [p for p in model.parameters() if p.requires_grad]
    preds = [model(x) for x, _ in batches]
    env_losses = [loss_fn(pred, y) for pred, (_, y) in zip(preds, batches)]
    env_grads = []
    for i, loss in enumerate(env_losses):
        grads = torch.autograd.grad(loss, params, retain_graph=i < len(env_losses) - 1)
        env_grads.append(grads)
    optimizer.zero_grad()
    for j, p in enumerate(params):
        stacked = torch.stack([g[j] for g in env_grads])
        agreement = torch.abs(torch.sign(stacked).mean(0))
        mask = (agreement >= tau).float()
        p.grad = mask * stacked.mean(0) * mask.numel() / (mask.sum() + 1e-8)
    optimizer.step()
    return torch.stack(env_losses).detach()


def main(cfg=CFG):
    torch.manual_seed(0)
    model = DemandNet()
    loss_fn = nn.SmoothL1Loss(beta=0.5)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        batches = [city_batch(c, cfg["batch_per_city"]) for c in CITIES]
        losses = and_mask_step(model, loss_fn, batches, opt, cfg["agreement_threshold"])
        print(f"step {step}: " + ", ".join(f"{c} {l:.3f}" for c, l in zip(CITIES, losses.tolist())))


if __name__ == "__main__":
    main()
