import torch
import torch.nn as nn

from models import PrunableSLU
from saliency import head_hessian_diag, obd_masks


def batch(n=8):
    return torch.randn(n, 20, 40), torch.randint(0, 6, (n,)), torch.randint(0, 10, (n,))


def main():
    model = PrunableSLU(head_act="shrink")
    intent_crit = nn.CrossEntropyLoss(label_smoothing=0.1)
    slot_crit = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(2):
        feats, intents, slots = batch()
        intent_logits, slot_logits = model(feats)
        loss = intent_crit(intent_logits, intents) + slot_crit(slot_logits, slots)
        opt.zero_grad(); loss.backward(); opt.step()

    feats, intents, _ = batch()
    params, diag = head_hessian_diag(model, "intent", feats, intents, intent_crit)
    masks = obd_masks(params, diag)
    with torch.no_grad():
        for p, m in zip(params, masks):
            p.mul_(m)
    print("kept", sum(int(m.sum()) for m in masks), "of", sum(m.numel() for m in masks))


if __name__ == "__main__":
    main()
