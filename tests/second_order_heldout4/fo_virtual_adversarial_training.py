"""Virtual adversarial training (Miyato et al., 2018) for semi-supervised text classification: one power
iteration finds the adversarial direction from a gradient taken without create_graph; r_adv is detached."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TextCNN(nn.Module):
    def __init__(self, vocab=20000, dim=128, n_cls=2, widths=(3, 4, 5)):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.convs = nn.ModuleList(nn.Conv1d(dim, 100, w) for w in widths)
        self.fc = nn.Linear(100 * len(widths), n_cls)

    def classify(self, e):
        e = e.transpose(1, 2)
        return self.fc(torch.cat([F.elu(c(e)).amax(dim=-1) for c in self.convs], dim=1))

    def forward(self, tokens):
        return self.classify(self.emb(tokens))


def l2_normalize(d):
    return d / (d.flatten(1).norm(dim=1).view(-1, 1, 1) + 1e-8)


def vat_loss(model, tokens, xi=1e-6, eps=2.0):
    emb = model.emb(tokens)
    with torch.no_grad():
        p = F.softmax(model.classify(emb), dim=-1)
    d = l2_normalize(torch.randn_like(emb)).requires_grad_(True)
    adv_dist = F.kl_div(F.log_softmax(model.classify(emb.detach() + xi * d), dim=-1), p, reduction="batchmean")
    d_grad = torch.autograd.grad(adv_dist, d)[0]
    r_adv = eps * l2_normalize(d_grad.detach())
    logp_hat = F.log_softmax(model.classify(emb + r_adv), dim=-1)
    return F.kl_div(logp_hat, p, reduction="batchmean")


def train(labeled, unlabeled, epochs=10, alpha=1.0):
    model = TextCNN()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for (tok, y), (tok_u,) in zip(labeled, unlabeled):
            loss = F.cross_entropy(model(tok), y) + alpha * vat_loss(model, tok_u)
            opt.zero_grad()
            loss.backward()
            opt.step()
