# Flatness of the classifier head of a CNN text classifier: Hutchinson estimate of tr(H) over the
# head parameters only, added as a penalty (the trunk is trained by the plain loss).
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, EMB, N_CLS = 500, 32, 4


class Trunk(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, EMB)
        self.conv = nn.Conv1d(EMB, 64, 3, padding=1)
        self.pool = nn.AvgPool1d(2)

    def forward(self, tokens):
        h = self.emb(tokens).transpose(1, 2)
        h = self.pool(F.gelu(self.conv(h), approximate="tanh"))
        return h.mean(-1)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 64)
        self.act = nn.Hardswish()
        self.fc2 = nn.Linear(64, N_CLS)

    def forward(self, h):
        return self.fc2(self.act(self.fc1(h)))


def hutchinson_trace(loss, params, n_samples=1):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = 0.0
    for _ in range(n_samples):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hv = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
        est = est + sum((h * v).sum() for h, v in zip(hv, vs))
    return est / n_samples


trunk, head = Trunk(), Head()
head_params = list(head.parameters())
opt = torch.optim.AdamW(list(trunk.parameters()) + head_params, lr=3e-4)
for step in range(2):
    tokens = torch.randint(0, VOCAB, (8, 20))
    labels = torch.randint(0, N_CLS, (8,))
    logits = head(trunk(tokens))
    loss = F.cross_entropy(logits, labels)
    trace = hutchinson_trace(loss, head_params)
    total = loss + 1e-3 * trace
    opt.zero_grad()
    total.backward()
    opt.step()
    print(step, float(loss), float(trace))
