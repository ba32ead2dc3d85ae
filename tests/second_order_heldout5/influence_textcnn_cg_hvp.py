"""Influence functions (Koh & Liang 2017) for a Kim-style sentence CNN: s_test = H^-1 grad L(z_test) is
solved with conjugate gradients over the training loss, each Hessian-vector product a double backward
w.r.t. the convolution and classifier weights (the word embeddings are frozen)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class KimCNN(nn.Module):
    def __init__(self, vocab_size=5000, emb_dim=64, n_filters=32, kernel_sizes=(3, 4, 5), n_classes=2, dropout=0.5):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.convs = nn.ModuleList([nn.Conv1d(emb_dim, n_filters, k) for k in kernel_sizes])
        self.dropout = nn.Dropout(dropout)
        self.fc = nn.Linear(n_filters * len(kernel_sizes), n_classes)

    def forward(self, tokens):
        x = self.embedding(tokens).transpose(1, 2)
        pooled = []
        for conv in self.convs:
            h = F.relu(conv(x))
            pooled.append(F.max_pool1d(h, h.size(2)).squeeze(2))
        return self.fc(self.dropout(torch.cat(pooled, dim=1)))


def loss_fn(model, tokens, labels):
    return F.cross_entropy(model(tokens), labels)


def fit(model, loader, epochs=5):
    opt = torch.optim.Adadelta(model.parameters())
    model.train()
    for _ in range(epochs):
        for tokens, labels in loader:
            opt.zero_grad()
            loss_fn(model, tokens, labels).backward()
            opt.step()


def flat_dot(xs, ys):
    return sum((x * y).sum() for x, y in zip(xs, ys))


def hvp(model, params, batch, vec, damping):
    tokens, labels = batch
    loss = loss_fn(model, tokens, labels)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    hv = torch.autograd.grad(flat_dot(grads, vec), params)
    return [h.detach() + damping * v for h, v in zip(hv, vec)]


def s_test_cg(model, params, train_batch, test_grad, damping=0.01, iters=20, tol=1e-6):
    x = [torch.zeros_like(g) for g in test_grad]
    r = [g.clone() for g in test_grad]
    p = [g.clone() for g in test_grad]
    rs_old = flat_dot(r, r)
    for _ in range(iters):
        Ap = hvp(model, params, train_batch, p, damping)
        alpha = rs_old / flat_dot(p, Ap)
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * api for ri, api in zip(r, Ap)]
        rs_new = flat_dot(r, r)
        if rs_new.sqrt() < tol:
            break
        p = [ri + (rs_new / rs_old) * pi for ri, pi in zip(r, p)]
        rs_old = rs_new
    return x


def influence_on_test_point(model, train_batch, train_points, test_point):
    model.eval()
    model.embedding.weight.requires_grad_(False)
    params = [p for p in model.parameters() if p.requires_grad]
    test_loss = loss_fn(model, *test_point)
    test_grad = [g.detach() for g in torch.autograd.grad(test_loss, params)]
    s_test = s_test_cg(model, params, train_batch, test_grad)
    scores = []
    for tokens, label in train_points:
        g = torch.autograd.grad(loss_fn(model, tokens, label), params)
        scores.append(-flat_dot(s_test, g).item() / len(train_points))
    return scores
