"""Continual named-entity recognition with Elastic Weight Consolidation. After each domain the empirical
Fisher diagonal is accumulated from squared per-batch gradients (plain backward, no graph) and the EWC
quadratic penalty anchors the next domain's training."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BiLSTMTagger(nn.Module):
    def __init__(self, vocab=500, emb=32, hidden=48, n_tags=9):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=0)
        self.lstm = nn.LSTM(emb, hidden, batch_first=True, bidirectional=True)
        self.proj = nn.Linear(2 * hidden, n_tags)

    def forward(self, tokens):
        h, _ = self.lstm(self.emb(tokens))
        return F.log_softmax(self.proj(F.gelu(h, approximate="tanh")), dim=-1)


class EWC:
    def __init__(self, model, lam=100.0):
        self.model, self.lam = model, lam
        self.anchors, self.fisher = {}, {}

    def consolidate(self, batches):
        fisher = {n: torch.zeros_like(p) for n, p in self.model.named_parameters()}
        self.model.eval()
        for tokens, tags in batches:
            self.model.zero_grad()
            logp = self.model(tokens)
            F.nll_loss(logp.flatten(0, 1), tags.flatten(), ignore_index=-100).backward()
            for n, p in self.model.named_parameters():
                if p.grad is not None:
                    fisher[n] += p.grad.detach() ** 2 / len(batches)
        self.model.train()
        for n, p in self.model.named_parameters():
            self.fisher[n] = self.fisher.get(n, 0) + fisher[n]
            self.anchors[n] = p.detach().clone()

    def penalty(self):
        if not self.anchors:
            return torch.zeros(())
        return 0.5 * self.lam * sum((self.fisher[n] * (p - self.anchors[n]) ** 2).sum()
                                    for n, p in self.model.named_parameters())


def batches(n=2):
    return [(torch.randint(1, 500, (4, 12)), torch.randint(0, 9, (4, 12))) for _ in range(n)]


if __name__ == "__main__":
    model = BiLSTMTagger()
    ewc = EWC(model)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for domain in range(2):
        data = batches()
        for tokens, tags in data:
            loss = F.nll_loss(model(tokens).flatten(0, 1), tags.flatten()) + ewc.penalty()
            opt.zero_grad()
            loss.backward()
            opt.step()
        ewc.consolidate(data)
        print(domain, loss.item())
