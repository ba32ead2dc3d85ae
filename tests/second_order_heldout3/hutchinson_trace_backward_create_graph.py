"""Hessian-trace regularisation for flat minima: loss.backward(create_graph=True), then Hutchinson probes on the parameter gradients."""
import torch
from torch import nn


class MixerBlock(nn.Module):
    def __init__(self, tokens, dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(nn.Linear(tokens, tokens), nn.Mish(), nn.Linear(tokens, tokens))
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.Mish(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mlp(self.norm2(x))


class Mixer(nn.Module):
    def __init__(self, tokens=16, dim=32, depth=2, n_cls=10):
        super().__init__()
        self.blocks = nn.ModuleList([MixerBlock(tokens, dim) for _ in range(depth)])
        self.head = nn.Linear(dim, n_cls)
        self.log_probs = nn.LogSoftmax(dim=-1)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.log_probs(self.head(x.mean(1)))


def train(loader, epochs=5, gamma=1e-3, n_probes=1):
    model = Mixer()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    params = list(model.parameters())
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            logp = model(x)
            loss = -logp.gather(1, y[:, None]).mean()
            loss.backward(create_graph=True)
            trace = 0.0
            for _ in range(n_probes):
                vs = [torch.randn_like(p) for p in params]
                gv = sum((p.grad * v).sum() for p, v in zip(params, vs))
                hv = torch.autograd.grad(gv, params, create_graph=True)
                trace = trace + sum((h * v).sum() for h, v in zip(hv, vs)) / n_probes
            for p in params:
                p.grad = p.grad.detach()
            (gamma * trace).backward()
            opt.step()
