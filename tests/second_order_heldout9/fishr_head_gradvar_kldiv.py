"""Domain generalisation for wearable activity recognition in the spirit of Fishr: match the
per-domain gradients of the classifier head (soft-label KL objective), penalising their variance
across domains. The penalty is built from create_graph gradients w.r.t. the head weights."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Featurizer(nn.Module):
    def __init__(self, cin=6, width=16):
        super().__init__()
        self.conv1 = nn.Conv1d(cin, width, 5, padding=2)
        self.act = nn.ReLU6()
        self.conv2 = nn.Conv1d(width, width, 5, padding=2)
        self.gap = nn.AdaptiveAvgPool1d(1)

    def forward(self, x):
        return self.gap(self.act(self.conv2(self.act(self.conv1(x))))).squeeze(-1)


class Fishr(nn.Module):
    def __init__(self, n_classes=5, width=16, lam=100.0):
        super().__init__()
        self.featurizer = Featurizer(width=width)
        self.classifier = nn.Linear(width, n_classes)
        self.kl = nn.KLDivLoss(reduction="batchmean")
        self.lam = lam

    def domain_loss(self, feats, soft_y):
        log_p = F.log_softmax(self.classifier(feats), dim=-1)
        return self.kl(log_p, soft_y)

    def forward(self, batches):
        head = list(self.classifier.parameters())
        losses, grads = [], []
        for x, soft_y in batches:
            loss = self.domain_loss(self.featurizer(x), soft_y)
            g = torch.autograd.grad(loss, head, create_graph=True)
            losses.append(loss)
            grads.append(torch.cat([t.flatten() for t in g]))
        G = torch.stack(grads)
        penalty = ((G - G.mean(0, keepdim=True)) ** 2).sum(1).mean()
        return torch.stack(losses).mean() + self.lam * penalty


def smooth_labels(y, n, eps=0.1):
    return torch.full((y.numel(), n), eps / (n - 1)).scatter_(1, y[:, None], 1 - eps)


if __name__ == "__main__":
    algo = Fishr()
    opt = torch.optim.Adam(algo.parameters(), lr=1e-3)
    for step in range(2):
        batches = []
        for _ in range(3):
            y = torch.randint(0, 5, (8,))
            batches.append((torch.randn(8, 6, 32), smooth_labels(y, 5)))
        obj = algo(batches)
        opt.zero_grad()
        obj.backward()
        opt.step()
        print(step, obj.item())
