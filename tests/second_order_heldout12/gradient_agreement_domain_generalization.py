"""Domain generalisation for wearable-stress detection: the encoder is trained so that the two source
domains' loss gradients w.r.t. the shared projection layer agree (cosine), in the spirit of
gradient-matching methods (Fish / Shi et al. 2022), with an explicit differentiable penalty."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, d_in=16, d=32):
        super().__init__()
        self.inp = nn.Linear(d_in, d)
        self.norm = nn.GroupNorm(4, d)
        self.proj = nn.Linear(d, d)  # shared layer whose gradients are aligned

    def embed(self, x):
        h = F.relu6(self.norm(self.inp(x)))
        return self.proj(h)

    def forward(self, x):
        return self.embed(x)


class StressHead(nn.Module):
    def __init__(self, d=32, n_cls=3):
        super().__init__()
        self.fc = nn.Linear(d, n_cls)
        self.act = nn.PReLU()

    def forward(self, z):
        return self.fc(self.act(z))


def domain_losses(enc, clf, batch_a, batch_b, bce):
    (xa, ya), (xb, yb) = batch_a, batch_b
    la = F.kl_div(F.log_softmax(clf(enc.embed(xa)), -1), F.one_hot(ya, 3).float(), reduction="batchmean")
    logits_b = clf(enc.embed(xb))
    lb = bce(logits_b, F.one_hot(yb, 3).float())
    return la, lb


def agreement_penalty(enc, la, lb):
    w = enc.proj.weight
    ga = torch.autograd.grad(la, w, create_graph=True)[0]
    gb = torch.autograd.grad(lb, w, create_graph=True)[0]
    return 1.0 - F.cosine_similarity(ga.flatten(), gb.flatten(), dim=0)


enc, clf = Encoder(), StressHead()
bce = nn.BCEWithLogitsLoss()
opt = torch.optim.Adam(list(enc.parameters()) + list(clf.parameters()), lr=1e-3)
for step in range(2):
    a = (torch.randn(16, 16), torch.randint(0, 3, (16,)))
    b = (torch.randn(16, 16) + 0.5, torch.randint(0, 3, (16,)))
    la, lb = domain_losses(enc, clf, a, b, bce)
    pen = agreement_penalty(enc, la, lb)
    loss = la + lb + 0.1 * pen
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, la.item(), lb.item(), pen.item())
