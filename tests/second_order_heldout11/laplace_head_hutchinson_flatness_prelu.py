"""Flat-minimum fine-tuning of a classifier head: loss + beta * tr(H_head), where H_head is the Hessian of
the loss w.r.t. the head parameters only (Hutchinson, Rademacher probes). The backbone is trained too."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Backbone(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.conv1 = nn.Conv2d(3, c, 3, padding=1)
        self.norm1 = nn.GroupNorm(4, c)
        self.conv2 = nn.Conv2d(c, 2 * c, 3, stride=2, padding=1)
        self.norm2 = nn.GroupNorm(4, 2 * c)

    def forward(self, x):
        x = F.relu6(self.norm1(self.conv1(x)))
        x = F.relu6(self.norm2(self.conv2(x)))
        return x.flatten(2).mean(-1)


class Head(nn.Module):
    def __init__(self, d=32, n_classes=7):
        super().__init__()
        self.fc1 = nn.Linear(d, 64)
        self.act = nn.PReLU(64)
        self.fc2 = nn.Linear(64, n_classes)

    def forward(self, z):
        return F.log_softmax(self.fc2(self.act(self.fc1(z))), dim=1)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone, self.head = Backbone(), Head()

    def forward(self, x):
        return self.head(self.backbone(x))


def head_hessian_trace(loss, head_params, n_probe=2):
    grads = torch.autograd.grad(loss, head_params, create_graph=True)
    tr = 0.0
    for _ in range(n_probe):
        vs = [torch.randint_like(p, 2).mul_(2).sub_(1) for p in head_params]
        gv = sum((g * v).sum() for g, v in zip(grads, vs))
        hvs = torch.autograd.grad(gv, head_params, create_graph=True)
        tr = tr + sum((h * v).sum() for h, v in zip(hvs, vs)) / n_probe
    return tr


def finetune(steps=2, beta=1e-3):
    model = Classifier()
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    head_params = list(model.head.parameters())
    for s in range(steps):
        x, y = torch.randn(6, 3, 16, 16), torch.randint(0, 7, (6,))
        loss = F.nll_loss(model(x), y)
        total = loss + beta * head_hessian_trace(loss, head_params)
        opt.zero_grad()
        total.backward()
        opt.step()
        print(s, loss.item(), total.item())


if __name__ == "__main__":
    finetune()
