import torch
import torch.nn as nn
import torch.nn.functional as F


class EEGNet(nn.Module):
    def __init__(self, chans=8, samples=64, n_cls=4, F1=8, D=2):
        super().__init__()
        self.temporal = nn.Conv2d(1, F1, (1, 15), padding=(0, 7), bias=False)
        self.bn1 = nn.BatchNorm2d(F1)
        self.spatial = nn.Conv2d(F1, F1 * D, (chans, 1), groups=F1, bias=False)
        self.bn2 = nn.BatchNorm2d(F1 * D)
        self.elu = nn.ELU()
        self.pool = nn.AvgPool2d((1, 4))
        self.fc = nn.Linear(F1 * D * (samples // 4), n_cls)

    def embed(self, x):
        x = self.bn1(self.temporal(x))
        x = self.pool(self.elu(self.bn2(self.spatial(x))))
        return x.flatten(1)

    def logits(self, x):
        return self.fc(self.embed(x))

    def forward(self, x):
        return self.logits(x)


def input_gradient_regularizer(clf, x, y):
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(clf.module.logits(x), y)
    g, = torch.autograd.grad(loss, x, create_graph=True)
    return loss, g.pow(2).sum(dim=(1, 2, 3)).mean()


net = EEGNet()
clf = nn.DataParallel(net)
opt = torch.optim.Adam(clf.parameters(), lr=1e-3)
for epoch in range(2):
    x, y = torch.randn(6, 1, 8, 64), torch.randint(0, 4, (6,))
    ce, reg = input_gradient_regularizer(clf, x, y)
    opt.zero_grad()
    (ce + 0.5 * reg).backward()
    opt.step()
