"""Dataset Condensation with Gradient Matching (Zhao et al., ICLR 2021) - ear-tag colour/print classes."""
from types import SimpleNamespace

args = SimpleNamespace(
    num_classes=4,            # RFID button, flag tag, management tag, metal clip
    ipc=2,                    # synthetic images per class
    im_size=12,
    net_width=8,
    net_depth=2,
    net_act="relu",
    net_norm="instancenorm",
    net_pooling="avgpooling",
    outer_loop=2,
    inner_loop=2,
    iterations=2,
    lr_img=0.1,
    lr_net=0.01,
    batch_real=8,
    dis_metric="ours",
    label_smoothing=0.1,      # real labels come from a noisy tag-reader export
    seed=21,
)
