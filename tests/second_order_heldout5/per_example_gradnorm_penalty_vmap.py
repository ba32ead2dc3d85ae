"""Per-example gradient-norm regularisation for a tabular click-through model: per-example parameter
gradients come from torch.func.vmap(grad(...)) over functional_call, and their mean squared norm is added
to the training loss, so the optimiser differentiates through the per-example gradients."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


class CTRNet(nn.Module):
    def __init__(self, n_num=13, n_cat=26, vocab=1000, emb=8, hidden=128):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.mlp = nn.Sequential(
            nn.Linear(n_num + n_cat * emb, hidden),
            nn.LayerNorm(hidden),
            nn.GELU(),
            nn.Linear(hidden, hidden),
            nn.GELU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x_num, x_cat):
        e = self.embed(x_cat).flatten(-2)
        return self.mlp(torch.cat([x_num, e], dim=-1)).squeeze(-1)


def make_per_example_grad(model):
    def example_loss(params, x_num, x_cat, y):
        logit = functional_call(model, params, (x_num.unsqueeze(0), x_cat.unsqueeze(0)))
        return F.binary_cross_entropy_with_logits(logit, y.unsqueeze(0))

    return vmap(grad(example_loss), in_dims=(None, 0, 0, 0))


def train(loader, epochs=3, lam=1e-3, lr=1e-3):
    model = CTRNet()
    per_example_grad = make_per_example_grad(model)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-5)
    for _ in range(epochs):
        for x_num, x_cat, y in loader:
            params = {k: v for k, v in model.named_parameters() if k != "embed.weight"}
            buffers = dict(model.named_buffers())
            g = per_example_grad({**params, **buffers}, x_num, x_cat, y)
            sq_norm = sum(gi.flatten(1).pow(2).sum(1) for gi in g.values())
            loss = F.binary_cross_entropy_with_logits(model(x_num, x_cat), y) + lam * sq_norm.mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model
