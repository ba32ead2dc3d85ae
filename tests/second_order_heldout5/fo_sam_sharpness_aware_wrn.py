"""Sharpness-aware minimization (Foret et al. 2021) of a small WideResNet with label smoothing: the first
backward gives the ascent direction, the weights are moved to w + rho * g / ||g|| in place, and the second
backward at the perturbed point gives the update. Two ordinary first-order gradients per step."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.05, adaptive=False, **kwargs):
        defaults = dict(rho=rho, adaptive=adaptive, **kwargs)
        super().__init__(params, defaults)
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)
        self.param_groups = self.base_optimizer.param_groups

    @torch.no_grad()
    def first_step(self, zero_grad=False):
        grad_norm = self._grad_norm()
        for group in self.param_groups:
            scale = group["rho"] / (grad_norm + 1e-12)
            for p in group["params"]:
                if p.grad is None:
                    continue
                self.state[p]["old_p"] = p.data.clone()
                e_w = (torch.pow(p, 2) if group["adaptive"] else 1.0) * p.grad * scale.to(p)
                p.add_(e_w)
        if zero_grad:
            self.zero_grad()

    @torch.no_grad()
    def second_step(self, zero_grad=False):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                p.data = self.state[p]["old_p"]
        self.base_optimizer.step()
        if zero_grad:
            self.zero_grad()

    def _grad_norm(self):
        return torch.norm(torch.stack([
            ((torch.abs(p) if group["adaptive"] else 1.0) * p.grad).norm(p=2)
            for group in self.param_groups for p in group["params"] if p.grad is not None
        ]), p=2)


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride, dropout=0.0):
        super().__init__()
        self.bn1 = nn.BatchNorm2d(cin)
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.dropout = nn.Dropout(dropout)
        self.shortcut = nn.Conv2d(cin, cout, 1, stride, bias=False) if (cin != cout or stride != 1) else None

    def forward(self, x):
        o = F.relu(self.bn1(x))
        y = self.conv1(o)
        y = self.conv2(self.dropout(F.relu(self.bn2(y))))
        return y + (self.shortcut(o) if self.shortcut is not None else x)


class WideResNet(nn.Module):
    def __init__(self, width=2, n_classes=10):
        super().__init__()
        w = [16, 16 * width, 32 * width, 64 * width]
        self.conv = nn.Conv2d(3, w[0], 3, 1, 1, bias=False)
        self.blocks = nn.Sequential(BasicBlock(w[0], w[1], 1), BasicBlock(w[1], w[2], 2), BasicBlock(w[2], w[3], 2))
        self.bn = nn.BatchNorm2d(w[3])
        self.pool = nn.AvgPool2d(8)
        self.fc = nn.Linear(w[3], n_classes)

    def forward(self, x):
        h = F.relu(self.bn(self.blocks(self.conv(x))))
        return self.fc(self.pool(h).flatten(1))


def smooth_crossentropy(pred, gold, smoothing=0.1):
    n_class = pred.size(1)
    one_hot = torch.full_like(pred, fill_value=smoothing / (n_class - 1))
    one_hot.scatter_(dim=1, index=gold.unsqueeze(1), value=1.0 - smoothing)
    return F.kl_div(input=F.log_softmax(pred, dim=1), target=one_hot, reduction="none").sum(-1)


def train(loader, epochs=200, lr=0.1, rho=2.0):
    model = WideResNet()
    optimizer = SAM(model.parameters(), torch.optim.SGD, rho=rho, adaptive=True, lr=lr, momentum=0.9, weight_decay=5e-4)
    for epoch in range(epochs):
        model.train()
        for inputs, targets in loader:
            loss = smooth_crossentropy(model(inputs), targets)
            loss.mean().backward()
            optimizer.first_step(zero_grad=True)
            smooth_crossentropy(model(inputs), targets).mean().backward()
            optimizer.second_step(zero_grad=True)
    return model
