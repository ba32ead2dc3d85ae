"""timm-style blocks (`act_layer=nn.SELU` default class arguments) in a tabular risk model; a Hutchinson estimate of
the Hessian trace w.r.t. the head's weights only is added as a flatness penalty."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Mlp(nn.Module):
    def __init__(self, d_in, d_hidden, d_out, act_layer=nn.SELU, drop=0.0):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.act = act_layer()
        self.drop = nn.Dropout(drop)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(self.drop(self.act(self.fc1(x))))


class RiskModel(nn.Module):
    def __init__(self, n_feat=12):
        super().__init__()
        self.stem = Mlp(n_feat, 32, 32)
        self.head = Mlp(32, 32, 1, act_layer=nn.Hardswish)
        self.aux = Mlp(32, 16, 4, act_layer=nn.ELU)

    def forward(self, x):
        h = self.stem(x)
        return self.head(h).squeeze(-1), self.aux(h.detach())


def hutchinson_trace(loss, params, n=2):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = 0.0
    for _ in range(n):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hv = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
        est = est + sum((h * v).sum() for h, v in zip(hv, vs)) / n
    return est


model = RiskModel()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for step in range(2):
    x = torch.randn(32, 12)
    y = (torch.rand(32) > 0.5).float()
    bucket = torch.randint(0, 4, (32,))
    logit, aux = model(x)
    task = F.binary_cross_entropy_with_logits(logit, y)
    flat = hutchinson_trace(task, list(model.head.parameters()))
    loss = task + 1e-3 * flat + 0.1 * F.cross_entropy(aux, bucket)
    opt.zero_grad()
    loss.backward()
    opt.step()
