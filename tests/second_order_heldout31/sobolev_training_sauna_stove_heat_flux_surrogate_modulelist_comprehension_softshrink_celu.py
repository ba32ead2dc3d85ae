"""Sobolev training of a surrogate for the heat flux of a sauna stove.

The teacher is an analytic flux model whose gradient w.r.t. the inputs (stone temperature,
air temperature, water ladle rate) is known; the student matches values AND input gradients
(Czarnecki et al., 2017). The input gradient of the student is taken with create_graph=True
so the derivative loss trains the weights.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "widths": [3, 48, 48, 32],
    "shrink": 0.05,
    "deriv_weight": 0.5,
    "steps": 4,
}


class Student(nn.Module):
    def __init__(self, widths, shrink):
        super().__init__()
        self.linears = nn.ModuleList([nn.Linear(i, o) for i, o in zip(widths[:-1], widths[1:])])
        self.shrinks = nn.ModuleList([nn.Softshrink(shrink) for _ in widths[1:]])
        self.smooth = nn.CELU(alpha=0.5)
        self.head = nn.Linear(widths[-1], 1)

    def forward(self, x):
        for lin, shr in zip(self.linears, self.shrinks):
            x = shr(self.smooth(lin(x)))
        return self.head(x)


def teacher(x):
    stone, air, ladle = x.unbind(-1)
    flux = 0.8 * (stone - air) + 0.3 * ladle * torch.exp(-air / 2.0) + 0.1 * stone ** 2
    return flux.unsqueeze(-1)


def sobolev_loss(model, x, w):
    x = x.clone().requires_grad_(True)
    y_s = model(x)
    y_t = teacher(x)
    dy_s = torch.autograd.grad(y_s.sum(), x, create_graph=True)[0]
    dy_t = torch.autograd.grad(y_t.sum(), x)[0]
    return F.mse_loss(y_s, y_t.detach()) + w * F.mse_loss(dy_s, dy_t)


def main():
    torch.manual_seed(0)
    model = Student(CONFIG["widths"], CONFIG["shrink"])
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(CONFIG["steps"]):
        x = torch.rand(32, 3) * torch.tensor([3.0, 1.0, 0.5])
        loss = sobolev_loss(model, x, CONFIG["deriv_weight"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    main()
