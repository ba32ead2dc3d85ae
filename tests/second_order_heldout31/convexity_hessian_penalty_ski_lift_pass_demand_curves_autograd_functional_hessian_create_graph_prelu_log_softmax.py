"""Demand model for ski-lift passes over price tiers (day / half-day / season) with a convexity prior:
the expected revenue must be concave in the price vector, so the Hessian of the revenue w.r.t. the
prices is computed with torch.autograd.functional.hessian(create_graph=True) and positive
eigen-directions are penalised.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

TIERS = 3
CONTEXT = 4  # snow depth, weekend, holiday, temperature


class DemandNet(nn.Module):
    def __init__(self, hidden=24):
        super().__init__()
        self.fc1 = nn.Linear(TIERS + CONTEXT, hidden)
        self.act = nn.PReLU()
        self.fc2 = nn.Linear(hidden, TIERS + 1)  # + "no purchase"

    def forward(self, prices, ctx):
        h = self.act(self.fc1(torch.cat([prices, ctx], dim=-1)))
        return F.log_softmax(self.fc2(h), dim=-1)


def revenue(model, prices, ctx):
    logp = model(prices, ctx)
    return (logp[..., :TIERS].exp() * prices).sum(-1)


def concavity_penalty(model, prices, ctx):
    pen = 0.0
    for p, c in zip(prices, ctx):
        hess = torch.autograd.functional.hessian(lambda q: revenue(model, q, c), p, create_graph=True)
        eig = torch.linalg.eigvalsh(0.5 * (hess + hess.T))
        pen = pen + F.relu(eig).sum()
    return pen / len(prices)


def season(n=6):
    ctx = torch.rand(n, CONTEXT)
    prices = torch.rand(n, TIERS) * torch.tensor([1.0, 0.6, 8.0])
    choice = torch.randint(0, TIERS + 1, (n,))
    return prices, ctx, choice


def main():
    torch.manual_seed(0)
    model = DemandNet()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(3):
        prices, ctx, choice = season()
        nll = -model(prices, ctx).gather(1, choice[:, None]).mean()
        pen = concavity_penalty(model, prices[:3], ctx[:3])
        opt.zero_grad()
        (nll + 0.1 * pen).backward()
        opt.step()
        print(epoch, round(nll.item(), 4), round(pen.item(), 5))


if __name__ == "__main__":
    main()
