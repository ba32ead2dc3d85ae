"""Sentiment classifier training with an embedding-gradient regulariser."""
import torch
import torch.nn as nn

from losses import dropout_contrastive, gradient_regularised_ce
from models import EncoderConfig, Projector, build_encoder


def main(steps=2, batch=4, seq=20):
    cfg = EncoderConfig(kind="cnn", act="relu6", widths=(3, 5, 7))
    net = nn.DataParallel(build_encoder(cfg))
    proj = Projector(cfg.channels * len(cfg.widths))
    opt = torch.optim.Adam(list(net.parameters()) + list(proj.parameters()), lr=1e-3)
    for step in range(steps):
        tokens = torch.randint(1, cfg.vocab, (batch, seq))
        labels = torch.randint(0, cfg.n_classes, (batch,))
        loss, logits = gradient_regularised_ce(net.module, tokens, labels)
        loss = loss + 0.1 * dropout_contrastive(net.module, proj, tokens)
        opt.zero_grad()
        loss.backward()
        opt.step()
        acc = (logits.argmax(-1) == labels).float().mean()
        print(step, loss.item(), acc.item())


if __name__ == "__main__":
    main()
