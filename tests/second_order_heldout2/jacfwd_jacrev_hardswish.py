"""Hessian-trace (curvature) regulariser via forward-over-reverse torch.func.jacfwd(jacrev(f)) on a MobileNet-style MLP."""
import torch
from torch import nn
from torch.func import functional_call, jacfwd, jacrev, vmap


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.act = nn.Hardswish()

    def forward(self, x):
        return x + self.act(self.fc(x))


class Model(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.inp = nn.Linear(4, dim)
        self.blocks = nn.Sequential(Block(dim), Block(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(torch.tanh(self.inp(x))))


def curvature_penalty(model, params, x):
    def f(xi):
        return functional_call(model, params, (xi.unsqueeze(0),)).squeeze()

    H = vmap(jacfwd(jacrev(f)))(x)
    return H.diagonal(dim1=-2, dim2=-1).sum(-1).pow(2).mean()


def train(loader, epochs=10, beta=0.01):
    model = Model()
    opt = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            params = dict(model.named_parameters())
            loss = (model(x).squeeze(-1) - y).pow(2).mean() + beta * curvature_penalty(model, params, x)
            opt.zero_grad()
            loss.backward()
            opt.step()
