"""Top Hessian eigenvalue (power iteration) of the loss w.r.t. the LAST block of a stack-emission opacity
classifier, used as a sharpness penalty on that block only (the earlier blocks are trained normally)."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

N_LEVELS = 5


def make_block(d_in, d_out, act_factory):
    return nn.Sequential(nn.Linear(d_in, d_out), act_factory())


class OpacityNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([
            make_block(24, 32, nn.ReLU6),
            make_block(32, 32, nn.ReLU6),
            make_block(32, 32, functools.partial(nn.GELU, approximate="tanh")),
        ])
        self.classifier = nn.Linear(32, N_LEVELS)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.classifier(x)


def criterion(logits, target):
    return F.nll_loss(F.log_softmax(logits, dim=-1), target)


def top_eigenvalue(loss, params, iters=3):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    v = [torch.randn_like(p) for p in params]
    eig = None
    for _ in range(iters):
        norm = torch.sqrt(sum((x * x).sum() for x in v))
        v = [x / norm for x in v]
        Hv = torch.autograd.grad(grads, params, grad_outputs=v, retain_graph=True, create_graph=True)
        eig = sum((h * x).sum() for h, x in zip(Hv, v))
        v = [h.detach() for h in Hv]
    return eig


model = OpacityNet()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
last = list(model.blocks[-1].parameters())
for step in range(3):
    frames = torch.randn(16, 24)
    ringelmann = torch.randint(0, N_LEVELS, (16,))
    loss = criterion(model(frames), ringelmann)
    sharp = top_eigenvalue(loss, last)
    opt.zero_grad()
    (loss + 0.01 * sharp).backward()
    opt.step()
