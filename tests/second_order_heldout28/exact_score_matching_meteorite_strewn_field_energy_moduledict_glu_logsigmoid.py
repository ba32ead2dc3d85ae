"""Energy-based density of meteorite fragment find-spots in a strewn field (2-D, km).

Trained with exact (Hyvarinen) score matching:
    J = E[ 0.5 ||s(x)||^2 + tr(d s / d x) ],   s(x) = -d E / d x
The trace is computed coordinate by coordinate, so the training gradient is third order.
"""
import torch
import torch.nn as nn

CONFIG = {"hidden": 32, "steps": 4, "batch": 64, "lr": 1e-3}


class StrewnFieldEnergy(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.blocks = nn.ModuleDict({
            "embed": nn.Linear(2, 2 * hidden),
            "gate": nn.GLU(dim=-1),
            "mix": nn.Linear(hidden, hidden),
            "squash": nn.LogSigmoid(),
            "energy": nn.Linear(hidden, 1),
        })
        self.order = ["embed", "gate", "mix", "squash", "energy"]

    def forward(self, x):
        h = x
        for name in self.order:
            h = self.blocks[name](h)
        return h.squeeze(-1) + 0.05 * (x ** 2).sum(-1)


def strewn_field(n):
    # elongated ellipse along the flight path; heavier fragments further down-range
    t = torch.rand(n)
    along = 12.0 * t + 0.5 * torch.randn(n)
    across = (0.4 + 0.6 * t) * torch.randn(n)
    return torch.stack([along / 6.0 - 1.0, across], dim=1)


def score_matching_loss(energy, x):
    x = x.requires_grad_(True)
    e = energy(x)
    score = -torch.autograd.grad(e.sum(), x, create_graph=True)[0]
    trace = torch.zeros(x.size(0))
    for i in range(x.size(1)):
        trace = trace + torch.autograd.grad(score[:, i].sum(), x, create_graph=True)[0][:, i]
    return (0.5 * score.pow(2).sum(-1) + trace).mean()


def main():
    torch.manual_seed(0)
    energy = StrewnFieldEnergy(CONFIG["hidden"])
    opt = torch.optim.Adam(energy.parameters(), lr=CONFIG["lr"])
    for step in range(CONFIG["steps"]):
        loss = score_matching_loss(energy, strewn_field(CONFIG["batch"]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} score-matching loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
