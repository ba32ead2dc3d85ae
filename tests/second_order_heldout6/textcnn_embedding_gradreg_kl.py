"""Kim-style TextCNN sentiment classifier trained with a label-smoothed KL loss and a gradient-norm penalty on
the word embeddings (the first-order view of embedding-space adversarial training: ||d loss / d emb||^2 is
added to the loss, so the whole classifier and its loss are differentiated twice)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TextCNN(nn.Module):
    def __init__(self, vocab_size, emb_dim=128, n_classes=5, widths=(3, 4, 5), n_filters=100, dropout=0.5):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.convs = nn.ModuleList([nn.Conv1d(emb_dim, n_filters, w, padding=w // 2) for w in widths])
        self.dropout = nn.Dropout(dropout)
        self.fc = nn.Linear(n_filters * len(widths), n_classes)

    def classify(self, emb):
        h = emb.transpose(1, 2)
        pooled = [torch.relu(conv(h)).amax(dim=2) for conv in self.convs]
        return self.fc(self.dropout(torch.cat(pooled, dim=1)))

    def forward(self, tokens):
        return self.classify(self.embedding(tokens))


class GradRegTrainer:
    def __init__(self, model, lam=0.1, lr=1e-3, smoothing=0.1):
        self.model = model
        self.lam = lam
        self.smoothing = smoothing
        self.opt = torch.optim.Adadelta(model.parameters(), lr=lr)

    def criterion(self, logits, labels):
        n = logits.size(1)
        target = torch.full_like(logits, self.smoothing / (n - 1))
        target.scatter_(1, labels.unsqueeze(1), 1.0 - self.smoothing)
        return F.kl_div(F.log_softmax(logits, dim=1), target, reduction="batchmean")

    def step(self, tokens, labels):
        self.model.train()
        emb = self.model.embedding(tokens)
        logits = self.model.classify(emb)
        loss = self.criterion(logits, labels)
        g_emb, = torch.autograd.grad(loss, emb, create_graph=True)
        penalty = g_emb.pow(2).sum(dim=(1, 2)).mean()
        total = loss + self.lam * penalty
        self.opt.zero_grad()
        total.backward()
        self.opt.step()
        return loss.item(), penalty.item()

    @torch.no_grad()
    def evaluate(self, batches):
        self.model.eval()
        correct = total = 0
        for tokens, labels in batches:
            correct += (self.model(tokens).argmax(1) == labels).sum().item()
            total += labels.numel()
        return correct / max(total, 1)


if __name__ == "__main__":
    net = TextCNN(vocab_size=100, emb_dim=16, n_filters=8)
    trainer = GradRegTrainer(net)
    toks, ys = torch.randint(1, 100, (4, 12)), torch.randint(0, 5, (4,))
    print(trainer.step(toks, ys), trainer.evaluate([(toks, ys)]))
