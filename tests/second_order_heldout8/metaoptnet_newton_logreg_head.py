"""Few-shot classification with a differentiable base learner (MetaOptNet / R2-D2 flavour): per episode a
one-vs-rest L2-regularised logistic-regression head is fitted on the support embeddings by a few Newton
steps. The Newton Hessian comes from torch.autograd.functional.hessian(create_graph=True), so the query loss
trains the embedding network through the solver."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))


class Conv4(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.encoder = nn.Sequential(conv_block(3, hidden), conv_block(hidden, hidden),
                                     conv_block(hidden, hidden), conv_block(hidden, hidden))

    def forward(self, x):
        return self.encoder(x).flatten(1)


def ovr_logistic_loss(w, feats, targets, lam):
    logits = feats @ w.view(feats.size(1), -1)
    nll = -(targets * F.logsigmoid(logits) + (1 - targets) * F.logsigmoid(-logits)).sum()
    return nll + 0.5 * lam * (w ** 2).sum()


def newton_head(feats, labels, n_way, steps=3, lam=1.0):
    targets = F.one_hot(labels, n_way).float()
    w = torch.zeros(feats.size(1) * n_way, requires_grad=True)
    for _ in range(steps):
        loss_fn = lambda v: ovr_logistic_loss(v, feats, targets, lam)
        g = torch.autograd.grad(loss_fn(w), w, create_graph=True)[0]
        H = hessian(loss_fn, w, create_graph=True)
        w = w - torch.linalg.solve(H, g)
    return w.view(feats.size(1), n_way)


def episode_loss(net, support_x, support_y, query_x, query_y, n_way, scale=10.0):
    feats_s = F.normalize(net(support_x), dim=1)
    feats_q = F.normalize(net(query_x), dim=1)
    w = newton_head(feats_s, support_y, n_way)
    return F.cross_entropy(scale * feats_q @ w, query_y)


if __name__ == "__main__":
    torch.manual_seed(0)
    net = Conv4(hidden=8)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9, nesterov=True)
    n_way, shot = 3, 2
    sx, sy = torch.randn(n_way * shot, 3, 32, 32), torch.arange(n_way).repeat_interleave(shot)
    qx, qy = torch.randn(6, 3, 32, 32), torch.arange(n_way).repeat(2)
    loss = episode_loss(net, sx, sy, qx, qy, n_way)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(loss.item())
